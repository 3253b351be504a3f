// Puts an order on "needs attention" with its problems, in each language they
// are known in (the shop's own first), so the merchant sees them with a
// Retry button; answers the outcome for the caller to return.
import type { Language } from "@shipbridge/core";
import type pg from "pg";
import { type IssuesByLanguage, recordNeedsAttention } from "../store/shipments.ts";

export async function needsAttention(
  pool: pg.Pool,
  order: { readonly shop: string; readonly orderId: string; readonly language: Language },
  byLanguage: IssuesByLanguage,
): Promise<"needs_attention"> {
  const issues = byLanguage[order.language] ?? Object.values(byLanguage)[0] ?? [];
  await recordNeedsAttention(pool, order.shop, order.orderId, issues, byLanguage);
  return "needs_attention";
}
