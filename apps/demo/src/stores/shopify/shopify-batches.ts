// The Shopify app's batches behind the demo's store-neutral interface: the
// app's own "Ship selected" (`merchant.shipBatch`, one job in the app that
// resumes after a restart), its batch with each order's outcome, and the
// batch's files and courier from the app's merchant console.
import type { ShopBatchDetails, ShopMerchant } from "@shipbridge/shopify";
import type { Language } from "../../server/language.ts";
import {
  type LabelFormat,
  NoFileError,
  type StoreBatches,
  type StoreBatchOrder,
  type StoreBatchState,
  type StoreOrderOutcome,
} from "../../server/store-batch.ts";

/** The shop's label format setting for each of the demo's. */
const SHOP_FORMAT = { a6: "pdf_a6", a4: "pdf_a4", zpl: "zpl" } as const satisfies Record<
  LabelFormat,
  string
>;

function outcomeOf(outcome: ShopBatchDetails["orders"][number]["outcome"]): StoreOrderOutcome {
  switch (outcome) {
    case "fulfilled":
      return "shipped";
    case "needs_attention":
    case "unknown_order":
      return "failed";
    case "skipped":
      return "skipped";
    default:
      return "shipping";
  }
}

export function shopifyState(batch: ShopBatchDetails): StoreBatchState {
  const orders: StoreBatchOrder[] = batch.orders.map((order) => ({
    orderId: order.orderId,
    outcome: outcomeOf(order.outcome),
    packageId: order.packageId,
    service: order.service,
    problems: order.problems.map(({ path, rule, message }) => ({ path, rule, message })),
  }));
  const count = (outcome: StoreOrderOutcome) =>
    orders.filter((order) => order.outcome === outcome).length;
  return {
    id: batch.id,
    total: batch.total,
    shipped: count("shipped"),
    failed: count("failed"),
    skipped: count("skipped"),
    finished: batch.status === "done",
    progress: { value: batch.progress.value, max: batch.progress.max },
    remainingMs: batch.remainingMs,
    orders,
  };
}

export function shopifyBatches(merchant: ShopMerchant): StoreBatches {
  return {
    store: "shopify",
    async start(key, orderIds) {
      const batch = await merchant.shipBatch(orderIds, { key: `demo:${key}` });
      return batch?.id ?? null;
    },
    async state(batchId, language: Language) {
      const batch = await merchant.batch(batchId, { language });
      return batch ? shopifyState(batch) : undefined;
    },
    async labels(batchId, format) {
      // The demo's format is the shop's label format setting: set, then asked.
      const wanted = SHOP_FORMAT[format];
      if ((await merchant.settings()).labelFormat !== wanted) {
        await merchant.updateSettings({ labelFormat: wanted });
      }
      const file = await merchant.batchLabels(batchId);
      if (!file) throw new NoFileError("shopify");
      return { body: file.body, contentType: file.contentType, filename: file.filename };
    },
    async protocols(batchId) {
      const files = await merchant.batchProtocols(batchId);
      return files.map((file) => ({
        service: file.service,
        body: file.body,
        contentType: file.contentType,
        filename: file.filename,
      }));
    },
    courier() {
      throw new Error("not yet");
    },
    book() {
      throw new Error("not yet");
    },
    cancelBooking() {
      throw new Error("not yet");
    },
    reckoning() {
      throw new Error("not yet");
    },
  };
}
