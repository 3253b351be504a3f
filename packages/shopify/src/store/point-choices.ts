// The pickup point the merchant chose for an order after checkout (the
// order-details block's "Change pickup point", checked at the service
// before it is saved): it replaces the point of the order's shipping line
// when the order is shipped, whoever ships it. One row per order; a new
// choice replaces the old one. A choice is saved only while no parcel of the
// order is being bought or bought, under the order's lock (order-lock.ts),
// the lock the ship job claims the order under.
import type { StoreOrderInput } from "@shipbridge/core";
import type pg from "pg";
import { withOrderLock } from "./order-lock.ts";

export interface PointChoice {
  /** The carrier service of the point ("inpost", ...). */
  readonly service: string;
  /** The point's code at that carrier. */
  readonly code: string;
  readonly chosenAt: Date;
}

/**
 * Saves the choice unless a parcel of the order is being shipped, shipped
 * or cancelled (any shipment claimed by the ship job, or with a package):
 * false then, and nothing is saved.
 */
export async function savePointChoice(
  pool: pg.Pool,
  shop: string,
  orderId: string,
  choice: { readonly service: string; readonly code: string },
): Promise<boolean> {
  return withOrderLock(pool, shop, orderId, async (db) => {
    const { rowCount } = await db.query(
      `INSERT INTO shipbridge_shopify_point_choices (shop, order_id, service, code)
       SELECT $1, $2, $3, $4
       WHERE NOT EXISTS (
         SELECT 1 FROM shipbridge_shopify_shipments
         WHERE shop = $1 AND order_id = $2
           AND (status NOT IN ('waiting', 'needs_attention') OR package_id IS NOT NULL))
       ON CONFLICT (shop, order_id)
       DO UPDATE SET service = EXCLUDED.service, code = EXCLUDED.code, chosen_at = now()`,
      [shop, orderId, choice.service, choice.code],
    );
    return (rowCount ?? 0) > 0;
  });
}

/** Every choice of the shop's orders, by order id. */
export async function loadPointChoices(
  pool: pg.Pool,
  shop: string,
): Promise<Map<string, PointChoice>> {
  const { rows } = await pool.query(
    `SELECT order_id, service, code, chosen_at FROM shipbridge_shopify_point_choices
     WHERE shop = $1`,
    [shop],
  );
  return new Map(
    rows.map((row) => [
      row.order_id as string,
      { service: row.service, code: row.code, chosenAt: row.chosen_at },
    ]),
  );
}

export async function loadPointChoice(
  pool: pg.Pool | pg.PoolClient,
  shop: string,
  orderId: string,
): Promise<PointChoice | undefined> {
  const { rows } = await pool.query(
    `SELECT service, code, chosen_at FROM shipbridge_shopify_point_choices
     WHERE shop = $1 AND order_id = $2`,
    [shop, orderId],
  );
  const row = rows[0];
  return row ? { service: row.service, code: row.code, chosenAt: row.chosen_at } : undefined;
}

/** The order as it ships: to the chosen point, when the merchant chose one for its carrier. */
export function withPointChoice<T extends StoreOrderInput>(order: T, choice?: PointChoice): T {
  if (!choice || !order.pickup_point || order.pickup_point.carrier !== choice.service) return order;
  return { ...order, pickup_point: { ...order.pickup_point, code: choice.code } };
}
