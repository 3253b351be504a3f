// Where the OAuth client keeps tokens between calls, processes and restarts.
// The contract is compare-and-set: every write names the version it replaces,
// so two writers can never silently overwrite each other. A lease per key lets
// one holder at a time spend the single-use refresh token; the others wait and
// then read the winner's tokens. Versions only grow for a key, even across a
// delete, so a stale writer can never match a newer entry.
import type { LeaseStore } from "./lease-store.ts";
import type { TokenSet } from "./token-set.ts";

export interface TokenStoreEntry {
  readonly tokens: TokenSet;
  /** Grows by at least one on every write to the key. */
  readonly version: number;
}

type MaybePromise<T> = T | Promise<T>;

export interface TokenStore extends LeaseStore {
  /** The current tokens under `key` and their version; undefined when nothing is stored. */
  get(key: string): MaybePromise<TokenStoreEntry | undefined>;
  /**
   * Writes `next` (or deletes the tokens when `next` is undefined) only if the
   * key is still at `expectedVersion` (undefined: nothing stored). Returns
   * whether the write happened. Atomic across every user of the store.
   */
  compareAndSet(
    key: string,
    expectedVersion: number | undefined,
    next: TokenSet | undefined,
  ): MaybePromise<boolean>;
}
