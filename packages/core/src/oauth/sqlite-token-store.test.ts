// Tests of the SQLite token store: one file shared by several stores, persistence, and no tokens in inspect.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inspect } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { describeTokenStoreContract, tokens } from "../../test/oauth/token-store-contract.ts";
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

  it("shows its file but no tokens when inspected", () => {
    const store = new SqliteTokenStore(join(dir, "inspect.db"));
    store.compareAndSet("k", undefined, tokens("secret-access", "secret-refresh"));
    const shown = `${inspect(store)} ${String(store)}`;
    expect(shown).toContain("SqliteTokenStore");
    expect(shown).not.toContain("secret-");
    store.close();
  });
});
