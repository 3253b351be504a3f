// POST /webhooks: checks the HMAC of the raw body with shopify-api's
// webhooks.validate, stores a valid delivery in the inbox (once per webhook
// id) and queues its job, then answers 200 at once; the work runs in the job.
// An invalid HMAC, or a body that names another shop than the (unsigned)
// headers, gets 401 and nothing is written.
import type { Shopify } from "@shopify/shopify-api";
import type { Context } from "hono";
import type pg from "pg";
import type { PgBoss } from "pg-boss";
import { WEBHOOK_QUEUE, webhookJobId } from "../queue/jobs.ts";
import { storeDelivery } from "../store/inbox.ts";
import { payloadMatchesShop } from "./shop-in-payload.ts";
import { isAppTopic } from "./topics.ts";

export interface ReceiveContext {
  readonly shopify: Shopify;
  readonly pool: pg.Pool;
  readonly boss: () => Promise<PgBoss>;
}

export async function receiveWebhook(context: ReceiveContext, c: Context): Promise<Response> {
  const rawBody = await c.req.text();
  const check = await context.shopify.webhooks.validate({ rawBody, rawRequest: c.req.raw });
  if (!check.valid) {
    return c.text(
      check.reason === "missing_headers" ? "Missing headers" : "Unauthorized",
      check.reason === "missing_headers" ? 400 : 401,
    );
  }
  const topic = c.req.header("x-shopify-topic")?.toLowerCase() ?? "";
  // A topic the app did not subscribe to is acknowledged and dropped.
  if (!isAppTopic(topic)) return c.text("Ignored", 200);
  let payload: unknown;
  try {
    payload = JSON.parse(rawBody);
  } catch {
    return c.text("Bad JSON", 400);
  }
  // The headers are not signed: a body replayed under another shop or topic is refused.
  if (!payloadMatchesShop(topic, check.domain.toLowerCase(), payload)) {
    return c.text("Unauthorized", 401);
  }
  await storeDelivery(context.pool, {
    webhookId: check.webhookId,
    shop: check.domain,
    topic,
    eventId: c.req.header("x-shopify-event-id"),
    payload,
  });
  // Queued even when the delivery was stored before: a crash between storing
  // and queueing must not lose the work, and the fixed job id keeps it single.
  const boss = await context.boss();
  await boss.send(
    WEBHOOK_QUEUE,
    { webhookId: check.webhookId, shop: check.domain },
    { id: webhookJobId(check.webhookId) },
  );
  return c.text("OK", 200);
}
