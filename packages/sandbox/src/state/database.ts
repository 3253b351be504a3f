// All of the sandbox's state lives in one SQLite database (node:sqlite): in
// memory by default, or in a file given with --data so that it survives
// restarts. Every write that touches more than one row goes through
// transaction(), so a failed request never leaves half-written state.
import { DatabaseSync, type StatementSync } from "node:sqlite";

/**
 * A DatabaseSync that prepares each SQL text once: the sandbox runs the same
 * few dozen statements on every request, and preparing them again each time
 * cost more than running them.
 */
class StatementCachingDatabase extends DatabaseSync {
  readonly #statements = new Map<string, StatementSync>();

  override prepare(sql: string): StatementSync {
    let statement = this.#statements.get(sql);
    if (statement === undefined) {
      statement = super.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  override close(): void {
    this.#statements.clear();
    super.close();
  }
}

export class SandboxDatabase {
  readonly sql: DatabaseSync;
  #depth = 0;

  constructor(file?: string) {
    this.sql = new StatementCachingDatabase(file ?? ":memory:");
    this.sql.exec("PRAGMA foreign_keys = ON");
    if (file) this.sql.exec("PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000");
    this.sql.exec(
      "CREATE TABLE IF NOT EXISTS sandbox_migrations (name TEXT PRIMARY KEY) STRICT; " +
        "CREATE TABLE IF NOT EXISTS sandbox_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT",
    );
  }

  /** Runs `ddl` once per database, remembered under `name`. */
  migrate(name: string, ddl: string): void {
    const done = this.sql.prepare("SELECT 1 FROM sandbox_migrations WHERE name = ?").get(name);
    if (done) return;
    this.transaction(() => {
      this.sql.exec(ddl);
      this.sql.prepare("INSERT INTO sandbox_migrations (name) VALUES (?)").run(name);
    });
  }

  /** Runs `fn` atomically; nested calls join the outer transaction. */
  transaction<T>(fn: () => T): T {
    if (this.#depth > 0) {
      this.#depth++;
      try {
        return fn();
      } finally {
        this.#depth--;
      }
    }
    this.sql.exec("BEGIN IMMEDIATE");
    this.#depth = 1;
    try {
      const result = fn();
      this.sql.exec("COMMIT");
      return result;
    } catch (error) {
      this.sql.exec("ROLLBACK");
      throw error;
    } finally {
      this.#depth = 0;
    }
  }

  getMeta(key: string): string | undefined {
    const row = this.sql.prepare("SELECT value FROM sandbox_meta WHERE key = ?").get(key) as
      | { value: string }
      | undefined;
    return row?.value;
  }

  setMeta(key: string, value: string): void {
    this.sql
      .prepare(
        "INSERT INTO sandbox_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
      )
      .run(key, value);
  }

  close(): void {
    if (this.sql.isOpen) this.sql.close();
  }
}
