// Requests signed as Shopify signs them: webhook deliveries and carrier-rate
// callbacks carry the base64 HMAC-SHA256 of the raw body, keyed with the
// app's secret, in X-Shopify-Hmac-Sha256.
import { createHmac, randomUUID } from "node:crypto";

/** The base64 HMAC-SHA256 of `body` with `secret`, as Shopify signs. */
export function shopifyHmac(secret: string, body: string): string {
  return createHmac("sha256", secret).update(body, "utf8").digest("base64");
}

export interface WebhookDelivery {
  /** Where the app listens, e.g. https://app.example.com/webhooks. */
  readonly url: string;
  readonly apiSecretKey: string;
  readonly shop: string;
  /** As Shopify writes it: `orders/paid`. */
  readonly topic: string;
  readonly payload: unknown;
  /** The same id on every retry of one delivery. Default: a new uuid. */
  readonly webhookId?: string;
  readonly eventId?: string;
  readonly apiVersion?: string;
  /** Sign with this secret instead (a forgery). */
  readonly signWith?: string;
}

/** A webhook delivery as Shopify sends it. Build one per send: a Request body is read once. */
export function webhookRequest(delivery: WebhookDelivery): Request {
  const body = JSON.stringify(delivery.payload);
  return new Request(delivery.url, {
    method: "POST",
    body,
    headers: {
      "content-type": "application/json",
      "x-shopify-topic": delivery.topic,
      "x-shopify-shop-domain": delivery.shop,
      "x-shopify-api-version": delivery.apiVersion ?? "2026-10",
      "x-shopify-webhook-id": delivery.webhookId ?? randomUUID(),
      "x-shopify-event-id": delivery.eventId ?? randomUUID(),
      "x-shopify-triggered-at": new Date().toISOString(),
      "x-shopify-hmac-sha256": shopifyHmac(delivery.signWith ?? delivery.apiSecretKey, body),
    },
  });
}

export interface RateCallback {
  readonly url: string;
  readonly apiSecretKey: string;
  readonly shop: string;
  /** The `rate` object of Shopify's documented request. */
  readonly rate: unknown;
  /** Shopify's deadline for the answer, ms. Default 10000. */
  readonly timeoutMs?: number;
  readonly signWith?: string;
}

/** A carrier-service rate request as Shopify sends it at checkout. */
export function rateCallbackRequest(callback: RateCallback): Request {
  const body = JSON.stringify({ rate: callback.rate });
  return new Request(callback.url, {
    method: "POST",
    body,
    headers: {
      "content-type": "application/json",
      "x-shopify-shop-domain": callback.shop,
      "x-shopify-timeout": String(callback.timeoutMs ?? 10_000),
      "x-shopify-hmac-sha256": shopifyHmac(callback.signWith ?? callback.apiSecretKey, body),
    },
  });
}
