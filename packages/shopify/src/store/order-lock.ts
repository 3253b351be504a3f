// The lock on one order of a shop: the ship job claims the order's
// shipments under it, and a pickup-point change is saved under it, so a
// change is either saved before the job reads the point its parcel is
// bought to, or refused once the job has claimed the order.
import type pg from "pg";
import { withAdvisoryLock } from "./advisory-lock.ts";

/** Runs `work` on the lock's own connection while holding the lock on the shop's order `orderId`. */
export function withOrderLock<T>(
  pool: pg.Pool,
  shop: string,
  orderId: string,
  work: (db: pg.PoolClient) => Promise<T>,
): Promise<T> {
  return withAdvisoryLock(pool, `shipbridge-shopify-order:${shop}:${orderId}`, work);
}
