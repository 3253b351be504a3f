// Test support: waits, polling the database every 100 ms, until an order's
// shipment row satisfies `ok`, and fails naming the order and its last row.
import type pg from "pg";
import { loadShipment, type ShipmentRow } from "../store/shipments.ts";

export async function waitForShipment(
  pool: pg.Pool,
  shop: string,
  orderId: string,
  ok: (row: ShipmentRow) => boolean,
  attempts = 150,
): Promise<ShipmentRow> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const row = await loadShipment(pool, shop, orderId);
    if (row && ok(row)) return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`order ${orderId}: ${JSON.stringify(await loadShipment(pool, shop, orderId))}`);
}
