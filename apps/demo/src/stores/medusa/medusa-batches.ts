// The Medusa plugin's batches behind the demo's store-neutral interface,
// through the plugin's admin routes: POST /admin/shipbridge/batches starts
// the plugin's own batch (its key finds the same batch again; the plugin
// runs it in the background and takes it up again after a restart), GET
// .../batches/:id tells how far it is and what became of each order, and
// the batch's labels, protocols and courier come from its routes too.
import type { Language } from "../../server/language.ts";
import type {
  StoreBatches,
  StoreBatchOrder,
  StoreBatchState,
  StoreOrderOutcome,
} from "../../server/store-batch.ts";
import { type MedusaApi, MedusaApiError } from "./medusa-api.ts";

/** The plugin's batch as its admin route answers it. */
export interface MedusaBatch {
  readonly id: string;
  readonly state: string;
  readonly phase: string;
  readonly done: boolean;
  readonly total: number;
  readonly created: number;
  readonly ordered: number;
  readonly labelled: number;
  readonly fulfilled: number;
  readonly failed: number;
  readonly remaining_ms: number | null;
  readonly orders: readonly {
    order_id: string;
    state: string;
    package_id: number | null;
    service: string | null;
  }[];
  readonly failures: readonly {
    order_id: string;
    code: string | null;
    message: string | null;
    issues: readonly { path?: string; rule?: string; message?: string }[];
  }[];
}

function outcomeOf(state: string): StoreOrderOutcome {
  if (state === "fulfilled") return "shipped";
  if (state === "failed") return "failed";
  return "shipping";
}

/** Four steps per order: its package created, ordered, labelled, and its fulfilment made. */
export function medusaState(batch: MedusaBatch): StoreBatchState {
  const failures = new Map(batch.failures.map((failure) => [failure.order_id, failure]));
  const orders: StoreBatchOrder[] = batch.orders.map((order) => {
    const failure = failures.get(order.order_id);
    const issues = (failure?.issues ?? []).map((issue) => ({
      path: issue.path ?? "order",
      rule: issue.rule ?? failure?.code ?? "refused",
      message: issue.message ?? failure?.message ?? "",
    }));
    return {
      orderId: order.order_id,
      outcome: outcomeOf(order.state),
      packageId: order.package_id === null ? null : String(order.package_id),
      service: order.service,
      problems:
        issues.length > 0 || !failure
          ? issues
          : [{ path: "order", rule: failure.code ?? "refused", message: failure.message ?? "" }],
    };
  });
  const max = Math.max(1, batch.total * 4);
  const value = Math.min(
    max,
    batch.created + batch.ordered + batch.labelled + batch.fulfilled + batch.failed * 4,
  );
  return {
    id: batch.id,
    total: batch.total,
    shipped: batch.fulfilled,
    failed: batch.failed,
    skipped: 0,
    finished: batch.done,
    progress: { value: batch.done ? max : value, max },
    remainingMs: batch.remaining_ms,
    orders,
  };
}

export function medusaBatches(api: MedusaApi): StoreBatches {
  const notYet = () => {
    throw new Error("not yet");
  };
  return {
    store: "medusa",
    async start(key, orderIds) {
      const { batch } = await api.admin<{ batch: MedusaBatch }>("/admin/shipbridge/batches", {
        body: { key: `demo:${key}`, order_ids: orderIds },
      });
      return batch.id;
    },
    async state(batchId, language: Language) {
      try {
        const { batch } = await api.admin<{ batch: MedusaBatch }>(
          `/admin/shipbridge/batches/${encodeURIComponent(batchId)}`,
          { language },
        );
        return medusaState(batch);
      } catch (error) {
        if (error instanceof MedusaApiError && error.status === 404) return undefined;
        throw error;
      }
    },
    labels: notYet,
    protocols: notYet,
    courier: notYet,
    book: notYet,
    cancelBooking: notYet,
    reckoning: notYet,
    applyRemedy: notYet,
  };
}
