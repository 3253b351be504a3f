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
import { booking, NoCourierError, reckoningView, slotOf } from "../../server/store-day.ts";

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
    async courier(batchId) {
      const courier = await merchant.courier(batchId);
      if (!courier) return { carriers: [], noPickupNeeded: [] };
      return {
        carriers: courier.carriers.map((carrier) => ({
          service: carrier.service,
          packageIds: carrier.packageIds.map(String),
          bookings: carrier.booked.map(booking),
          open: carrier.open.map(String),
          slots: carrier.dates.map(slotOf),
        })),
        noPickupNeeded: courier.noPickupNeeded.map((parcel) => ({
          packageId: String(parcel.packageId),
          service: parcel.service,
          reason: parcel.reason,
        })),
      };
    },
    async book(batchId, service, slot) {
      const booked = await merchant.bookCourier(batchId, service, {
        date: slot.date,
        min_time: slot.from ?? "",
        max_time: slot.to ?? "",
      });
      if (!booked) throw new NoCourierError("shopify", service);
      return booked.map(booking);
    },
    async cancelBooking(batchId, bookingId) {
      const cancelled = await merchant.cancelCourier(batchId, bookingId);
      if (!cancelled) throw new NoCourierError("shopify", bookingId);
      return { cancelled: cancelled.cancelled, reason: cancelled.reason ?? null };
    },
    async reckoning(day) {
      const [reckoning, orders] = await Promise.all([merchant.reckoning(day), merchant.orders()]);
      const names = new Map(orders.map((order) => [order.orderId, order.orderName]));
      return reckoningView(reckoning, (orderId) => names.get(orderId) ?? null);
    },
    async applyRemedy(day, packageId) {
      const result = await merchant.applyRemedy(day, Number(packageId));
      if (!result) return { applied: false, problem: null };
      return { applied: result.cancelled, problem: result.problem?.message ?? null };
    },
  };
}
