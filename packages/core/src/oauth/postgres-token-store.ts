// A TokenStore in PostgreSQL, for store apps that run several instances on
// one database. Each write is a single statement, so the version check and the
// write are atomic for every connection: a compare-and-set is an UPDATE that
// names the version it replaces (or an INSERT ... ON CONFLICT for an empty
// key), and the refresh lease is an upsert that takes the row only from its
// holder or once it ran out. Expiry uses the database's clock, so instances
// with skewed clocks agree on it. Deleting keeps the row with a NULL record,
// so a key's version keeps growing. The tables are created on first use.
import pg from "pg";
import { OAuthUsageError } from "./errors.ts";
import { describe, INSPECT } from "./redaction.ts";
import { TokenSet } from "./token-set.ts";
import type { TokenStore, TokenStoreEntry } from "./token-store.ts";

/** What the store needs of a `pg.Pool` (a `pg.Pool` has it all). */
export interface PostgresPool {
  query(
    text: string,
    values?: unknown[],
  ): Promise<{ rows: Record<string, unknown>[]; rowCount: number | null }>;
  end(): Promise<void>;
}

export interface PostgresTokenStoreOptions {
  /** The schema of the tables; it must exist. Default: the connection's search_path (usually `public`). */
  schema?: string;
  /** Prefix of the two table names (`<prefix>tokens`, `<prefix>leases`). Default `shipbridge_oauth_`. */
  tablePrefix?: string;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,39}$/;

function quoted(name: string, option: string): string {
  if (!IDENTIFIER.test(name)) {
    throw new OAuthUsageError(
      "invalid_oauth_options",
      `PostgresTokenStore: ${option} must be letters, digits and underscores (up to 40, not starting with a digit)`,
    );
  }
  return `"${name}"`;
}

export class PostgresTokenStore implements TokenStore {
  readonly #pool: PostgresPool;
  readonly #ownsPool: boolean;
  readonly #schema: string | undefined;
  readonly #prefix: string;
  readonly #tokens: string;
  readonly #leases: string;
  #ready: Promise<void> | undefined;
  #closed = false;

  /**
   * `connection` is a `pg.Pool` (or anything with its `query` and `end`) that
   * the caller owns and ends, or a connection string, for which the store makes
   * a pool of its own and ends it on `close()`.
   */
  constructor(connection: PostgresPool | string, options: PostgresTokenStoreOptions = {}) {
    this.#schema = options.schema;
    this.#prefix = options.tablePrefix ?? "shipbridge_oauth_";
    const qualify = (table: string) =>
      (this.#schema === undefined ? "" : `${quoted(this.#schema, "schema")}.`) +
      quoted(`${this.#prefix}${table}`, "tablePrefix");
    this.#tokens = qualify("tokens");
    this.#leases = qualify("leases");
    if (typeof connection === "string") {
      this.#pool = new pg.Pool({ connectionString: connection });
      // An idle connection the server closes must not crash the process; the next query reconnects.
      (this.#pool as pg.Pool).on("error", () => {});
      this.#ownsPool = true;
    } else if (typeof connection?.query === "function") {
      this.#pool = connection;
      this.#ownsPool = false;
    } else {
      throw new OAuthUsageError(
        "invalid_oauth_options",
        "PostgresTokenStore needs a pg.Pool or a connection string",
      );
    }
  }

  async get(key: string): Promise<TokenStoreEntry | undefined> {
    await this.#init();
    const { rows } = await this.#query(
      `SELECT version, record FROM ${this.#tokens} WHERE key = $1`,
      [key],
    );
    const row = rows[0];
    if (row === undefined || row.record == null) return undefined;
    let record: unknown;
    try {
      record = JSON.parse(String(row.record));
    } catch {
      throw new OAuthUsageError(
        "invalid_stored_tokens",
        "stored tokens under this key are not JSON; disconnect and connect the shipping account again",
      );
    }
    return { tokens: TokenSet.fromRecord(record), version: Number(row.version) };
  }

  async compareAndSet(
    key: string,
    expectedVersion: number | undefined,
    next: TokenSet | undefined,
  ): Promise<boolean> {
    await this.#init();
    const record = next === undefined ? null : JSON.stringify(next.toRecord());
    if (expectedVersion === undefined) {
      // Only an absent row or a deleted one (NULL record) may be written over.
      const result = await this.#query(
        `INSERT INTO ${this.#tokens} AS t (key, version, record) VALUES ($1, 1, $2) ` +
          "ON CONFLICT (key) DO UPDATE SET version = t.version + 1, record = excluded.record " +
          "WHERE t.record IS NULL",
        [key, record],
      );
      return result.rowCount === 1;
    }
    // A concurrent writer blocks this UPDATE until it commits; PostgreSQL then
    // checks the WHERE again against the new row, so only one writer matches.
    const result = await this.#query(
      `UPDATE ${this.#tokens} SET version = version + 1, record = $3 ` +
        "WHERE key = $1 AND version = $2 AND record IS NOT NULL",
      [key, expectedVersion, record],
    );
    return result.rowCount === 1;
  }

  async acquireLease(key: string, holder: string, ttlMs: number): Promise<boolean> {
    await this.#init();
    const result = await this.#query(
      `INSERT INTO ${this.#leases} AS l (key, holder, expires_at) ` +
        "VALUES ($1, $2, clock_timestamp() + $3::double precision * interval '1 millisecond') " +
        "ON CONFLICT (key) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at " +
        "WHERE l.holder = excluded.holder OR l.expires_at <= clock_timestamp()",
      [key, holder, Math.max(0, Math.trunc(ttlMs))],
    );
    return result.rowCount === 1;
  }

  async releaseLease(key: string, holder: string): Promise<void> {
    await this.#init();
    await this.#query(`DELETE FROM ${this.#leases} WHERE key = $1 AND holder = $2`, [key, holder]);
  }

  /**
   * One statement on the pool. A database that cannot be used (a refused
   * connection, a wrong password, a pool already ended, a bad connection
   * string) becomes OAuthUsageError token_store_unavailable with the original
   * as its cause; the message names the error's code, never the connection
   * string or its password.
   */
  async #query(
    text: string,
    values?: unknown[],
  ): Promise<{ rows: Record<string, unknown>[]; rowCount: number | null }> {
    try {
      return await this.#pool.query(text, values);
    } catch (error) {
      if (!unavailable(error)) throw error;
      const code = (error as { code?: unknown }).code;
      throw new OAuthUsageError(
        "token_store_unavailable",
        `PostgresTokenStore cannot use its database${typeof code === "string" ? ` (${code})` : ""}; check that PostgreSQL runs, and the connection string's host, port, user and password`,
        { cause: error },
      );
    }
  }

  /** Ends the pool the store made from a connection string; a pool passed in stays open. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#ownsPool) await this.#pool.end();
  }

  /** Creates the tables once per store; a failure is retried on the next call. */
  #init(): Promise<void> {
    this.#ready ??= this.#createTables().catch((error: unknown) => {
      this.#ready = undefined;
      throw error;
    });
    return this.#ready;
  }

  async #createTables(): Promise<void> {
    // One statement string runs as one implicit transaction. The advisory lock
    // serializes instances that start together: concurrent CREATE TABLE IF NOT
    // EXISTS of one name can otherwise fail on the catalog's unique index.
    await this.#query(
      [
        "SELECT pg_advisory_xact_lock(hashtext('shipbridge_oauth_schema'))",
        `CREATE TABLE IF NOT EXISTS ${this.#tokens} (key TEXT PRIMARY KEY, version BIGINT NOT NULL, record TEXT)`,
        `CREATE TABLE IF NOT EXISTS ${this.#leases} (key TEXT PRIMARY KEY, holder TEXT NOT NULL, expires_at TIMESTAMPTZ NOT NULL)`,
      ].join(";\n"),
    );
  }

  toString(): string {
    // Never the connection string: it may hold a password.
    return describe("PostgresTokenStore", {
      schema: this.#schema,
      tablePrefix: this.#prefix,
      ownsPool: this.#ownsPool,
    });
  }

  [INSPECT](): string {
    return this.toString();
  }
}

/**
 * Whether a failed query means the database cannot be used at all, rather
 * than a statement error of this store (SQLSTATE classes 08 connection, 28
 * authorization, 3D database, 57 shutdown; Node's socket errors; pg's own
 * errors, such as a pool already ended or a bad connection string).
 */
function unavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string") {
    if (/^(08|28|3D|57)[0-9A-Z]{3}$/.test(code)) return true;
    return /^E[A-Z]+$/.test(code) || code.startsWith("ERR_");
  }
  // pg's own errors carry no code: a pool after end(), a connection string it cannot read.
  return error instanceof Error && !("severity" in error);
}
