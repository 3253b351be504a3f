// The webhook inbox: every valid delivery, kept once per X-Shopify-Webhook-Id
// (Shopify repeats the id on its retries), so a redelivery writes nothing new.
import type pg from "pg";

export interface InboxEntry {
  readonly webhookId: string;
  readonly shop: string;
  /** As Shopify writes it in X-Shopify-Topic: `orders/paid`. */
  readonly topic: string;
  readonly eventId: string | undefined;
  readonly payload: unknown;
}

/** Stores a delivery; false when the same webhook id was stored before. */
export async function storeDelivery(pool: pg.Pool, entry: InboxEntry): Promise<boolean> {
  const result = await pool.query(
    `INSERT INTO shipbridge_shopify_inbox (webhook_id, shop, topic, event_id, payload)
     VALUES ($1, $2, $3, $4, $5::jsonb) ON CONFLICT (webhook_id) DO NOTHING`,
    [
      entry.webhookId,
      entry.shop,
      entry.topic,
      entry.eventId ?? null,
      JSON.stringify(entry.payload),
    ],
  );
  return result.rowCount === 1;
}

export async function loadDelivery(
  pool: pg.Pool,
  webhookId: string,
): Promise<InboxEntry | undefined> {
  const { rows } = await pool.query(
    "SELECT webhook_id, shop, topic, event_id, payload FROM shipbridge_shopify_inbox WHERE webhook_id = $1",
    [webhookId],
  );
  const row = rows[0];
  return row
    ? {
        webhookId: row.webhook_id,
        shop: row.shop,
        topic: row.topic,
        eventId: row.event_id ?? undefined,
        payload: row.payload,
      }
    : undefined;
}

export async function markProcessed(pool: pg.Pool, webhookId: string): Promise<void> {
  await pool.query(
    "UPDATE shipbridge_shopify_inbox SET processed_at = now() WHERE webhook_id = $1",
    [webhookId],
  );
}

/**
 * Marks the delivery done and refused, with why (`unknown_order`: the shop's
 * Admin API has no such order, as when a body signed for one shop is replayed
 * under another). A refused delivery lists no order and can ship none, and
 * its body (another shop's customer, perhaps) is blanked down to the order's
 * id, so a Retry can say why it was refused.
 */
export async function markRefused(pool: pg.Pool, webhookId: string, reason: string): Promise<void> {
  await pool.query(
    `UPDATE shipbridge_shopify_inbox SET processed_at = now(), refused = $2,
       payload = CASE WHEN jsonb_typeof(payload) = 'object' AND payload ? 'id'
                      THEN jsonb_build_object('id', payload->'id') ELSE '{}'::jsonb END
     WHERE webhook_id = $1`,
    [webhookId, reason],
  );
}

/** Whether a delivery of the order `orderId` of `shop` was refused as not the shop's. */
export async function wasOrderRefused(
  pool: pg.Pool,
  shop: string,
  orderId: string,
): Promise<boolean> {
  const { rows } = await pool.query(
    `SELECT 1 FROM shipbridge_shopify_inbox
     WHERE shop = $1 AND payload->>'id' = $2 AND refused IS NOT NULL LIMIT 1`,
    [shop, orderId],
  );
  return rows.length > 0;
}

/** Topics whose payload is the whole order. */
export const FULL_ORDER_TOPICS = ["orders/create", "orders/paid", "orders/updated"] as const;

/**
 * The newest delivery that carried the whole order `orderId` of `shop` and
 * was not refused (its order known to the shop), or undefined.
 */
export async function latestOrderDelivery(
  pool: pg.Pool,
  shop: string,
  orderId: string,
): Promise<string | undefined> {
  const { rows } = await pool.query(
    `SELECT webhook_id FROM shipbridge_shopify_inbox
     WHERE shop = $1 AND topic = ANY($2::text[]) AND payload->>'id' = $3 AND refused IS NULL
     ORDER BY received_at DESC LIMIT 1`,
    [shop, FULL_ORDER_TOPICS, orderId],
  );
  return rows[0]?.webhook_id as string | undefined;
}
