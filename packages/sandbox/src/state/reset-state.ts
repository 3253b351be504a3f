// What POST /_sandbox/reset clears in the database: everything the REST API
// holds (packages, commands, charges, messages, templates, ...), pending
// authorizations and codes, and, when asked, every grant and token. It keeps
// the applications, the signing key, the clock and the schema, so that a
// suite that resets between files stays flat and the sandbox stays usable.
import type { SandboxDatabase } from "./database.ts";

const KEPT = new Set(["sandbox_migrations", "sandbox_meta", "oauth_applications"]);
const TOKEN_TABLES = new Set(["oauth_grants", "oauth_access_tokens", "oauth_refresh_tokens"]);

/** Empties the tables a test suite fills; answers the names of those emptied. */
export function resetState(db: SandboxDatabase, options: { tokens: boolean }): string[] {
  const tables = (
    db.sql
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .all() as Array<{ name: string }>
  )
    .map((row) => row.name)
    .filter((name) => !KEPT.has(name) && (options.tokens || !TOKEN_TABLES.has(name)));
  // Foreign keys cannot be switched inside a transaction; the deletes are
  // all-or-nothing all the same.
  db.sql.exec("PRAGMA foreign_keys = OFF");
  try {
    db.transaction(() => {
      for (const name of tables) db.sql.exec(`DELETE FROM "${name}"`);
    });
  } finally {
    db.sql.exec("PRAGMA foreign_keys = ON");
  }
  return tables;
}
