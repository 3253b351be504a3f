// The shop's returns as the merchant sees them (ShopMerchant.returns): each
// return's name, order, status, parcel and tracking, and why it needs
// attention in the language asked; and Retry for one (ShopMerchant.retryReturn),
// which runs the return's one way again: buy or find its parcel and attach
// it, or give it back when the return was cancelled, declined or closed.
import type { Issue, Language } from "@shipbridge/core";
import type { ShipContext } from "../shipping/ship-context.ts";
import { listReturns, type ReturnStatus } from "../store/returns.ts";
import { returnGid } from "./read-return.ts";
import { type ReturnOutcome, shipShopifyReturn } from "./ship-shopify-return.ts";

export interface ShopReturn {
  /** The return's GID. */
  readonly returnId: string;
  readonly returnName: string;
  /** The order's numeric id. */
  readonly orderId: string;
  readonly status: ReturnStatus;
  readonly packageId: number | null;
  readonly trackingNumbers: readonly string[];
  readonly trackingState: string | null;
  /** Why it needs attention, in the language asked (else the one recorded). */
  readonly issues: readonly Issue<string>[];
}

export async function shopReturns(
  context: Pick<ShipContext, "pool">,
  shop: string,
  options: { language: Language; needsAttention?: boolean; limit?: number },
): Promise<ShopReturn[]> {
  const rows = await listReturns(context.pool, shop, {
    limit: Math.min(Math.max(1, Math.floor(options.limit ?? 100)), 500),
    ...(options.needsAttention === undefined ? {} : { needsAttention: options.needsAttention }),
  });
  return rows.map((row) => ({
    returnId: row.returnId,
    returnName: row.returnName,
    orderId: row.orderId,
    status: row.status,
    packageId: row.packageId ?? null,
    trackingNumbers: row.tracking?.numbers ?? [],
    trackingState: row.trackingState ?? null,
    issues: row.issues?.[options.language] ?? Object.values(row.issues ?? {})[0] ?? [],
  }));
}

/** Runs the return's one way again (its GID or numeric id). */
export function retryShopReturn(
  context: ShipContext,
  shop: string,
  returnId: string,
): Promise<ReturnOutcome> {
  return shipShopifyReturn(context, shop, returnGid(returnId));
}
