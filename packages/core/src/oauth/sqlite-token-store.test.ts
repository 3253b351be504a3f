// Tests of the SQLite token store: one file shared by several stores, persistence, and no tokens in inspect.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inspect } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { describeTokenStoreContract, tokens } from "../../test/oauth/token-store-contract.ts";
import { OAUTH_CLIENT_ERROR_CODES, OAuthUsageError } from "./errors.ts";
import { SqliteTokenStore } from "./sqlite-token-store.ts";

const dir = mkdtempSync(join(tmpdir(), "shipbridge-sqlite-store-"));
let files = 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeTokenStoreContract(
  "SqliteTokenStore",
  () => new SqliteTokenStore(join(dir, `store-${files++}.db`)),
);

describe("SqliteTokenStore", () => {
  it("shares one file between stores: a write through one is seen by the other, and a stale write loses", () => {
    const file = join(dir, "shared.db");
    const a = new SqliteTokenStore(file);
    const b = new SqliteTokenStore(file);
    expect(a.compareAndSet("k", undefined, tokens("from-a", "r"))).toBe(true);
    const seen = b.get("k");
    expect(seen?.tokens.accessToken).toBe("from-a");
    expect(b.compareAndSet("k", seen?.version, tokens("from-b"))).toBe(true);
    expect(a.compareAndSet("k", seen?.version, tokens("stale"))).toBe(false);
    expect(a.get("k")?.tokens.accessToken).toBe("from-b");
    expect(a.acquireLease("k", "A", 60_000)).toBe(true);
    expect(b.acquireLease("k", "B", 60_000)).toBe(false);
    a.close();
    b.close();
  });

  it("keeps tokens across reopening the file", () => {
    const file = join(dir, "reopen.db");
    const first = new SqliteTokenStore(file);
    first.compareAndSet("k", undefined, tokens("kept", "r"));
    first.close();
    const second = new SqliteTokenStore(file);
    expect(second.get("k")?.tokens.refreshToken).toBe("r");
    second.close();
  });

  it("answers a corrupt row with invalid_stored_tokens, naming no token", () => {
    const file = join(dir, "corrupt.db");
    const store = new SqliteTokenStore(file);
    store.compareAndSet("json", undefined, tokens("secret-access", "secret-refresh"));
    store.compareAndSet("shape", undefined, tokens("secret-access", "secret-refresh"));
    const { DatabaseSync } = process.getBuiltinModule("node:sqlite");
    const raw = new DatabaseSync(file);
    raw
      .prepare("UPDATE shipbridge_oauth_tokens SET record = ? WHERE key = ?")
      .run('{"access_token": "secret-access", "token_', "json");
    raw
      .prepare("UPDATE shipbridge_oauth_tokens SET record = ? WHERE key = ?")
      .run(JSON.stringify({ access_token: "secret-access", token_type: 7 }), "shape");
    raw.close();
    for (const [key, named] of [
      ["json", /not JSON/],
      ["shape", /token_type/],
    ] as const) {
      const error = (() => {
        try {
          store.get(key);
        } catch (e) {
          return e;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(OAuthUsageError);
      expect(error).toMatchObject({ code: OAUTH_CLIENT_ERROR_CODES.invalid_stored_tokens });
      expect((error as Error).message).toMatch(named);
      expect((error as Error).message).not.toContain("secret-");
    }
    store.close();
  });

  it("shows its file but no tokens when inspected", () => {
    const store = new SqliteTokenStore(join(dir, "inspect.db"));
    store.compareAndSet("k", undefined, tokens("secret-access", "secret-refresh"));
    const shown = `${inspect(store)} ${String(store)}`;
    expect(shown).toContain("SqliteTokenStore");
    expect(shown).not.toContain("secret-");
    store.close();
  });
});
