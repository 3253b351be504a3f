// Tests of the PostgreSQL token store on a real PostgreSQL server: the shared
// contract, stores sharing tables, who ends the pool, corrupt rows, and no
// secrets when inspected.
import { inspect } from "node:util";
import { usePostgres } from "@shipbridge/tooling/embedded-postgres";
import type pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { describeTokenStoreContract, tokens } from "../../test/oauth/token-store-contract.ts";
import { isOAuthUsageError, OAUTH_CLIENT_ERROR_CODES, OAuthUsageError } from "./errors.ts";
import { PostgresTokenStore } from "./postgres-token-store.ts";

const postgres = usePostgres();
let pool: pg.Pool;
let tables = 0;

beforeAll(() => {
  pool = postgres.pool({ max: 10 });
});

// Each store of the contract gets tables of its own in one database.
describeTokenStoreContract(
  "PostgresTokenStore",
  () => new PostgresTokenStore(pool, { tablePrefix: `contract_${tables++}_` }),
);

async function thrown(fn: () => unknown): Promise<unknown> {
  try {
    await fn();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("PostgresTokenStore", () => {
  it("shares tables between stores: a write through one is seen by the other, and a stale write loses", async () => {
    const a = new PostgresTokenStore(pool, { tablePrefix: "shared_" });
    const b = new PostgresTokenStore(postgres.connectionString, { tablePrefix: "shared_" });
    expect(await a.compareAndSet("k", undefined, tokens("from-a", "r"))).toBe(true);
    const seen = await b.get("k");
    expect(seen?.tokens.accessToken).toBe("from-a");
    expect(await b.compareAndSet("k", seen?.version, tokens("from-b"))).toBe(true);
    expect(await a.compareAndSet("k", seen?.version, tokens("stale"))).toBe(false);
    expect((await a.get("k"))?.tokens.accessToken).toBe("from-b");
    expect(await a.acquireLease("k", "A", 60_000)).toBe(true);
    expect(await b.acquireLease("k", "B", 60_000)).toBe(false);
    await a.close();
    await b.close();
  });

  it("creates its tables once even when many stores start at the same moment", async () => {
    const stores = Array.from(
      { length: 8 },
      () => new PostgresTokenStore(postgres.connectionString, { tablePrefix: "racing_" }),
    );
    const results = await Promise.all(
      stores.map((store, i) => store.compareAndSet("k", undefined, tokens(`s${i}`))),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const { rows } = await pool.query(
      "SELECT table_name FROM information_schema.tables WHERE table_name LIKE 'racing\\_%' ORDER BY 1",
    );
    expect(rows.map((row) => row.table_name)).toEqual(["racing_leases", "racing_tokens"]);
    await Promise.all(stores.map((store) => store.close()));
  });

  it("puts its tables in the schema it is given", async () => {
    await pool.query("CREATE SCHEMA IF NOT EXISTS shipping");
    const store = new PostgresTokenStore(pool, { schema: "shipping" });
    await store.compareAndSet("k", undefined, tokens("in-schema"));
    const { rows } = await pool.query(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'shipping' ORDER BY 1",
    );
    expect(rows.map((row) => row.table_name)).toEqual([
      "shipbridge_oauth_leases",
      "shipbridge_oauth_tokens",
    ]);
    expect((await store.get("k"))?.tokens.accessToken).toBe("in-schema");
    await store.close();
  });

  it("refuses a schema or prefix that is not a plain identifier", () => {
    for (const options of [{ schema: 'x"; DROP TABLE y; --' }, { tablePrefix: "a-b" }]) {
      const error = (() => {
        try {
          new PostgresTokenStore(pool, options);
        } catch (e) {
          return e;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(OAuthUsageError);
      expect(error).toMatchObject({ code: "invalid_oauth_options" });
    }
  });

  it("ends only a pool it made itself", async () => {
    const borrowed = postgres.pool({ max: 1 });
    const onBorrowed = new PostgresTokenStore(borrowed, { tablePrefix: "owner_" });
    await onBorrowed.compareAndSet("k", undefined, tokens("a"));
    await onBorrowed.close();
    // The caller's pool still answers.
    expect((await borrowed.query("SELECT 1 AS one")).rows[0]?.one).toBe(1);
    await borrowed.end();

    const own = new PostgresTokenStore(postgres.connectionString, { tablePrefix: "owner_" });
    expect((await own.get("k"))?.tokens.accessToken).toBe("a");
    await own.close();
    await own.close();
    // Its own pool is ended: it cannot be used any more.
    const error = await thrown(() => own.get("k"));
    expect(error).toMatchObject({ code: OAUTH_CLIENT_ERROR_CODES.token_store_unavailable });
    expect(String((error as Error).cause)).toMatch(/after calling end/);
  });

  it("answers a corrupt row with invalid_stored_tokens, naming no token", async () => {
    const store = new PostgresTokenStore(pool, { tablePrefix: "corrupt_" });
    await store.compareAndSet("json", undefined, tokens("secret-access", "secret-refresh"));
    await store.compareAndSet("shape", undefined, tokens("secret-access", "secret-refresh"));
    await pool.query("UPDATE corrupt_tokens SET record = $1 WHERE key = $2", [
      '{"access_token": "secret-access", "token_',
      "json",
    ]);
    await pool.query("UPDATE corrupt_tokens SET record = $1 WHERE key = $2", [
      JSON.stringify({ access_token: "secret-access", token_type: 7 }),
      "shape",
    ]);
    for (const [key, named] of [
      ["json", /not JSON/],
      ["shape", /token_type/],
    ] as const) {
      const error = await thrown(() => store.get(key));
      expect(error).toBeInstanceOf(OAuthUsageError);
      expect(error).toMatchObject({ code: "invalid_stored_tokens" });
      expect((error as Error).message).toMatch(named);
      expect((error as Error).message).not.toContain("secret-");
    }
    await store.close();
  });

  it("shows neither tokens nor the connection string's password when inspected", async () => {
    const store = new PostgresTokenStore(postgres.connectionString, { tablePrefix: "inspect_" });
    await store.compareAndSet("k", undefined, tokens("secret-access", "secret-refresh"));
    const shown = `${inspect(store)} ${String(store)} ${JSON.stringify(store)}`;
    expect(shown).toContain("PostgresTokenStore");
    expect(shown).not.toContain("secret-");
    expect(shown).not.toContain(new URL(postgres.connectionString).password);
    await store.close();
  });
});

describe("PostgresTokenStore when the database cannot be used", () => {
  /** The error a store call ends with, checked to be token_store_unavailable without the password. */
  async function unavailable(store: PostgresTokenStore, password: string) {
    const error = await thrown(() => store.get("k"));
    expect(isOAuthUsageError(error)).toBe(true);
    expect(error).toMatchObject({
      name: "OAuthUsageError",
      code: OAUTH_CLIENT_ERROR_CODES.token_store_unavailable,
    });
    const { message, cause } = error as Error;
    expect(cause).toBeInstanceOf(Error);
    expect(message).not.toContain(password);
    expect(message).not.toContain("postgres://");
    expect(inspect(error, { depth: 0 })).not.toContain(password);
    // A second call fails the same way (nothing is kept from the failed one).
    expect(await thrown(() => store.acquireLease("k", "A", 1000))).toMatchObject({
      code: OAUTH_CLIENT_ERROR_CODES.token_store_unavailable,
    });
    return { message, cause: cause as Error & { code?: string } };
  }

  it("a wrong password: 28P01, wrapped", async () => {
    const url = new URL(postgres.connectionString);
    url.password = "not-the-password-4821";
    const store = new PostgresTokenStore(url.href);
    const { cause, message } = await unavailable(store, "not-the-password-4821");
    expect(cause.code).toBe("28P01");
    expect(message).toMatch(/28P01/);
    await store.close();
  });

  it("a refused connection: ECONNREFUSED, wrapped", async () => {
    const store = new PostgresTokenStore("postgres://someone:s3cret-pw@127.0.0.1:1/db");
    const { cause } = await unavailable(store, "s3cret-pw");
    expect(cause.code).toBe("ECONNREFUSED");
    await store.close();
  });

  it("a connection string that is not a URL: wrapped", async () => {
    const store = new PostgresTokenStore("postgres://someone:s3cret-pw@[not-a-host/db");
    await unavailable(store, "s3cret-pw");
    await store.close();
  });

  it("a pool that was ended: wrapped", async () => {
    const ended = postgres.pool();
    await ended.end();
    const store = new PostgresTokenStore(ended);
    await unavailable(store, "shipbridge-test-password");
  });
});
