// The pickup point the merchant chose for an order after checkout (the
// order-details block's "Change pickup point", checked at the service
// before it is saved): it replaces the point of the order's shipping line
// when the order is shipped, whoever ships it. One row per order; a new
// choice replaces the old one.
import type { StoreOrderInput } from "@shipbridge/core";
import type pg from "pg";

export interface PointChoice {
  /** The carrier service of the point ("inpost", ...). */
  readonly service: string;
  /** The point's code at that carrier. */
  readonly code: string;
  readonly chosenAt: Date;
}

export async function savePointChoice(
  pool: pg.Pool,
  shop: string,
  orderId: string,
  choice: { readonly service: string; readonly code: string },
): Promise<void> {
  await pool.query(
    `INSERT INTO shipbridge_shopify_point_choices (shop, order_id, service, code)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (shop, order_id)
     DO UPDATE SET service = EXCLUDED.service, code = EXCLUDED.code, chosen_at = now()`,
    [shop, orderId, choice.service, choice.code],
  );
}

export async function loadPointChoice(
  pool: pg.Pool,
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
