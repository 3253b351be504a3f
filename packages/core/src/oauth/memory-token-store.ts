// The default TokenStore: tokens in a Map, for one process. Several clients in
// that process may share it; the compare-and-set and the lease keep them from
// spending one refresh token twice. Use SqliteTokenStore to share tokens
// between processes or to keep them across restarts.
import { describe, INSPECT } from "./redaction.ts";
import type { TokenSet } from "./token-set.ts";
import type { TokenStore, TokenStoreEntry } from "./token-store.ts";

export class MemoryTokenStore implements TokenStore {
  readonly #entries = new Map<string, { tokens: TokenSet | undefined; version: number }>();
  readonly #leases = new Map<string, { holder: string; expiresAt: number }>();

  get(key: string): TokenStoreEntry | undefined {
    const entry = this.#entries.get(key);
    if (entry?.tokens === undefined) return undefined;
    return { tokens: entry.tokens, version: entry.version };
  }

  compareAndSet(
    key: string,
    expectedVersion: number | undefined,
    next: TokenSet | undefined,
  ): boolean {
    const entry = this.#entries.get(key);
    const currentVersion = entry?.tokens === undefined ? undefined : entry.version;
    if (currentVersion !== expectedVersion) return false;
    // Deleting keeps a tombstone, so the key's version keeps growing.
    this.#entries.set(key, { tokens: next, version: (entry?.version ?? 0) + 1 });
    return true;
  }

  acquireLease(key: string, holder: string, ttlMs: number): boolean {
    const now = Date.now();
    const lease = this.#leases.get(key);
    if (lease !== undefined && lease.holder !== holder && lease.expiresAt > now) return false;
    this.#leases.set(key, { holder, expiresAt: now + ttlMs });
    return true;
  }

  releaseLease(key: string, holder: string): void {
    if (this.#leases.get(key)?.holder === holder) this.#leases.delete(key);
  }

  toString(): string {
    return describe("MemoryTokenStore", {
      keys: [...this.#entries.values()].filter((e) => e.tokens).length,
    });
  }

  [INSPECT](): string {
    return this.toString();
  }
}
