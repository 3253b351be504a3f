// A batch as the merchant sees it (its page, the status the page polls,
// ShopMerchant.batch): its stage and counts, one progress bar with the time
// left, and each order's outcome with its tracking or its problems (each
// with the field named for people) in the language asked.
import type { Issue, Language } from "@shipbridge/core";
import { issuesIn } from "../shipping/attention-issues.ts";
import type { BatchOrderOutcome, BatchOrderRow, BatchRow } from "../store/batches.ts";
import { batchProgress } from "./batch-progress.ts";
import { fieldName } from "./field-names.ts";

export interface ShopBatch {
  /** The batch's id (also core's batchId). */
  readonly id: string;
  /** `queued`, `running` or `done`. */
  readonly status: BatchRow["status"];
  /** `reading` (the orders from Shopify), `buying` (the parcels), `fulfilling` (in Shopify), `done`. */
  readonly stage: BatchRow["stage"];
  readonly total: number;
  /** One bar: three steps per order (read, bought, settled). */
  readonly progress: { readonly value: number; readonly max: number; readonly percent: number };
  /** Milliseconds left, once there is a rate to go by (0 when done). */
  readonly remainingMs: number | null;
  /** Orders by where they are. */
  readonly counts: Readonly<Record<BatchOrderOutcome, number>>;
  readonly createdAt: string;
  readonly finishedAt: string | null;
}

export interface ShopBatchOrder {
  readonly orderId: string;
  readonly orderName: string;
  readonly outcome: BatchOrderOutcome;
  readonly packageId: string | null;
  readonly service: string | null;
  readonly trackingNumber: string | null;
  readonly trackingUrl: string | null;
  /** Why it needs attention: path, rule, message and the field as people read it. */
  readonly problems: readonly (Issue<string> & { readonly field: string })[];
}

export interface ShopBatchDetails extends ShopBatch {
  /** In the order they were chosen. */
  readonly orders: readonly ShopBatchOrder[];
}

export function shopBatch(batch: BatchRow, nowMs: number): ShopBatch {
  const progress = batchProgress(batch, nowMs);
  return {
    id: batch.id,
    status: batch.status,
    stage: batch.stage,
    total: batch.total,
    progress: { value: progress.value, max: progress.max, percent: progress.percent },
    remainingMs: progress.remainingMs ?? null,
    counts: batch.outcomes,
    createdAt: batch.createdAt.toISOString(),
    finishedAt: batch.finishedAt?.toISOString() ?? null,
  };
}

export function shopBatchOrder(row: BatchOrderRow, language: Language): ShopBatchOrder {
  const shipment = row.shipment;
  const attention = row.outcome === "needs_attention" || shipment?.status === "needs_attention";
  const issues =
    shipment && attention ? issuesIn(shipment.issues, shipment.issuesByLanguage, language) : [];
  return {
    orderId: row.orderId,
    orderName: shipment?.orderName ?? row.orderId,
    outcome: row.outcome,
    packageId: shipment?.packageId === undefined ? null : String(shipment.packageId),
    service: shipment?.service ?? null,
    trackingNumber: shipment?.tracking?.numbers[0] ?? null,
    trackingUrl: shipment?.tracking?.urls[0] ?? null,
    problems: issues.map((issue) => ({ ...issue, field: fieldName(issue.path, language) })),
  };
}
