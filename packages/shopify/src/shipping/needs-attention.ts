// Puts a shipment (or every shipment of an order) on "needs attention" with
// its problems, in each language they are known in (the shop's own first),
// so the merchant sees them with a Retry button; answers the outcome for
// the caller to return.
import type { Language } from "@shipbridge/core";
import type pg from "pg";
import { type IssuesByLanguage, recordNeedsAttention } from "../store/shipments.ts";

export async function needsAttention(
  pool: pg.Pool,
  order: {
    readonly shop: string;
    readonly orderId: string;
    /** The shipment's fulfillment order; absent: every shipment of the order. */
    readonly fulfillmentOrderId?: string;
    readonly language: Language;
  },
  byLanguage: IssuesByLanguage,
): Promise<"needs_attention"> {
  const issues = byLanguage[order.language] ?? Object.values(byLanguage)[0] ?? [];
  const target =
    order.fulfillmentOrderId === undefined
      ? order.orderId
      : { orderId: order.orderId, fulfillmentOrderId: order.fulfillmentOrderId };
  await recordNeedsAttention(pool, order.shop, target, issues, byLanguage);
  return "needs_attention";
}
