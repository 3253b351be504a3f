// Where the OAuth client keeps tokens between calls, processes and restarts.
// The contract is compare-and-set: every write names the version it replaces,
// so two writers can never silently overwrite each other. A lease per key lets
// one holder at a time spend the single-use refresh token; the others wait and
// then read the winner's tokens. Versions only grow for a key, even across a
// delete, so a stale writer can never match a newer entry.
import type { TokenSet } from "./token-set.ts";

export interface TokenStoreEntry {
  readonly tokens: TokenSet;
  /** Grows by at least one on every write to the key. */
  readonly version: number;
}

type MaybePromise<T> = T | Promise<T>;

export interface TokenStore {
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
  /**
   * Takes the refresh lease on `key` for `holder`, for `ttlMs` milliseconds of
   * real time, if nobody holds it or the previous lease ran out. Returns whether
   * `holder` now holds it.
   */
  acquireLease(key: string, holder: string, ttlMs: number): MaybePromise<boolean>;
  /** Gives the lease back if `holder` still holds it. */
  releaseLease(key: string, holder: string): MaybePromise<void>;
}
