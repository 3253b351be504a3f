// An exclusive, expiring lease per key: what one holder at a time needs before
// it does something that must not happen twice at once (spending a single-use
// refresh token, creating a shipment). Every TokenStore is one, so the store
// that already holds the tokens can also serve as the lock between processes.

type MaybePromise<T> = T | Promise<T>;

export interface LeaseStore {
  /**
   * Takes the lease on `key` for `holder`, for `ttlMs` milliseconds of real
   * time, if nobody holds it or the previous lease ran out. A holder that asks
   * again while it holds the lease renews it for another `ttlMs`. Returns
   * whether `holder` now holds it.
   */
  acquireLease(key: string, holder: string, ttlMs: number): MaybePromise<boolean>;
  /** Gives the lease back if `holder` still holds it. */
  releaseLease(key: string, holder: string): MaybePromise<void>;
}
