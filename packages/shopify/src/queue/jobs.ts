// The job queues (pg-boss on the shared database): one job per stored webhook
// delivery, and one per batch of orders. A job's id is derived from the
// webhook id (or the batch id), so however many times a delivery arrives or
// a batch is asked for, and on however many instances, it is queued once.
import { createHash } from "node:crypto";

export const WEBHOOK_QUEUE = "shipbridge-shopify-webhook";
/**
 * Where a webhook job goes once it has failed for good, however it failed:
 * its handler threw on the last try, or its instance died (heartbeat lost)
 * on the last try, with no handler left to say so.
 */
export const WEBHOOK_DEAD_QUEUE = "shipbridge-shopify-webhook-dead";

export interface WebhookJob {
  readonly webhookId: string;
  /** The shop it came from, so an uninstall can find the shop's pending jobs. */
  readonly shop?: string;
  /** Ship the delivery's order whatever the shop's "ship on" setting (the merchant asked). */
  readonly ship?: boolean;
}

/** A uuid (version 8, name-based) of the webhook id: the job's id. */
export function webhookJobId(webhookId: string): string {
  return nameBasedUuid(`shipbridge-shopify-webhook:${webhookId}`);
}

/** A uuid (version 8) derived from `name`: the same name always gives the same uuid. */
export function nameBasedUuid(name: string): string {
  const hex = createHash("sha256").update(name).digest("hex");
  const variant = ((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** One job per batch of orders the merchant ships at once (its id derives from the batch's). */
export const BATCH_QUEUE = "shipbridge-shopify-batch";
/** Where a batch's job goes once it has failed for good (its last try threw, or its instance died). */
export const BATCH_DEAD_QUEUE = "shipbridge-shopify-batch-dead";

export interface BatchJob {
  readonly batchId: string;
  /** The shop, so an uninstall can find the shop's pending jobs. */
  readonly shop: string;
}

/**
 * The batch's id: a uuid derived from the shop and the key of the merchant's
 * request (the form's own key, so a double click or a second instance gets
 * the same batch).
 */
export function batchIdOf(shop: string, requestKey: string): string {
  return nameBasedUuid(`shipbridge-shopify-batch:${shop}:${requestKey}`);
}

/** The batch's job id: one job per batch, however often it is asked for. */
export function batchJobId(batchId: string): string {
  return nameBasedUuid(`shipbridge-shopify-batch-job:${batchId}`);
}
