// The Medusa plugin's batches behind the demo's store-neutral interface,
// through the plugin's admin routes: POST /admin/shipbridge/batches starts
// the plugin's own batch (its key finds the same batch again; the plugin
// runs it in the background and takes it up again after a restart), GET
// .../batches/:id tells how far it is and what became of each order, and
// the batch's labels, protocols and courier (.../labels, .../protocol,
// .../pickup) and the day's reckoning (/admin/shipbridge/reckoning) come
// from its routes too.
import type { Reckoning, RemedyResult } from "@shipbridge/core";
import type { PickupDate } from "@shipbridge/core/schemas";
import type { Language } from "../../server/language.ts";
import {
  type CourierView,
  type DemoFile,
  type LabelFormat,
  NoFileError,
  type StoreBatches,
  type StoreBatchOrder,
  type StoreBatchState,
  type StoreOrderOutcome,
} from "../../server/store-batch.ts";
import { booking, reckoningView, slotOf } from "../../server/store-day.ts";
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

/** Core's reckoning, each row with the Medusa order its reference names. */
type MedusaReckoning = Omit<Reckoning, "rows"> & {
  readonly rows: readonly (Reckoning["rows"][number] & { readonly medusaOrderId: string | null })[];
};

/** The demo's label formats as the plugin names them. */
const MEDUSA_FORMAT = { a6: "pdf-a6", a4: "pdf-a4", zpl: "zpl" } as const satisfies Record<
  LabelFormat,
  string
>;

interface MedusaPickup {
  readonly command_id: string;
  readonly service: string;
  readonly pickup_number: string | null;
  readonly window: { date: string; min_time: string; max_time: string };
  readonly package_ids: number[];
  readonly cancelled: boolean;
}

interface MedusaExclusion {
  readonly package_id: number;
  readonly service: string;
  readonly rule: string;
  readonly reason: string;
}

interface MedusaCourier {
  readonly carriers: { service: string; package_ids: number[]; dates: PickupDate[] }[];
  readonly no_pickup_needed: MedusaExclusion[];
  readonly unavailable: MedusaExclusion[];
  readonly booked: MedusaPickup[];
}

const kept = (pickup: MedusaPickup) =>
  booking({
    commandId: pickup.command_id,
    service: pickup.service,
    packageIds: pickup.package_ids,
    window: { date: pickup.window.date, from: pickup.window.min_time, to: pickup.window.max_time },
    pickupNumber: pickup.pickup_number ?? undefined,
    cancelled: pickup.cancelled,
  });

/** The courier as the plugin answers it: per carrier its bookings and the slots for the rest. */
export function medusaCourier(answer: MedusaCourier): CourierView {
  const live = answer.booked.filter((pickup) => !pickup.cancelled);
  const services = [
    ...new Set([...live.map((pickup) => pickup.service), ...answer.carriers.map((c) => c.service)]),
  ].sort();
  return {
    carriers: services.map((service) => {
      const bookings = live.filter((pickup) => pickup.service === service).map(kept);
      const proposed = answer.carriers.find((carrier) => carrier.service === service);
      const open = (proposed?.package_ids ?? []).map(String);
      return {
        service,
        packageIds: [...bookings.flatMap((entry) => entry.packageIds), ...open],
        bookings,
        open,
        slots: (proposed?.dates ?? []).map(slotOf),
      };
    }),
    noPickupNeeded: answer.no_pickup_needed.map((parcel) => ({
      packageId: String(parcel.package_id),
      service: parcel.service,
      reason: parcel.reason,
    })),
  };
}

async function fileOf(response: Response, what: string): Promise<DemoFile> {
  if (!response.ok) {
    const text = await response.text();
    let message = text.slice(0, 300);
    try {
      const body = JSON.parse(text) as { message?: unknown };
      if (typeof body.message === "string") message = body.message;
    } catch {
      // Not JSON: the status says enough.
    }
    throw new MedusaApiError(response.status, `${what}: ${response.status} ${message}`);
  }
  const disposition = response.headers.get("content-disposition") ?? "";
  return {
    body: new Uint8Array(await response.arrayBuffer()),
    contentType: response.headers.get("content-type") ?? "application/octet-stream",
    filename: /filename="([^"]+)"/.exec(disposition)?.[1] ?? what,
  };
}

export function medusaBatches(api: MedusaApi): StoreBatches {
  const batchPath = (batchId: string) => `/admin/shipbridge/batches/${encodeURIComponent(batchId)}`;
  const reckon = async (day: string) => {
    const [{ reckoning }, orders] = await Promise.all([
      api.admin<{ reckoning: MedusaReckoning }>(
        `/admin/shipbridge/reckoning?date=${encodeURIComponent(day)}`,
      ),
      api.admin<{ orders: { id: string; display_id: number }[] }>(
        "/admin/orders?fields=id,display_id&limit=500&order=-created_at",
      ),
    ]);
    return { reckoning, orders: orders.orders };
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
        const { batch } = await api.admin<{ batch: MedusaBatch }>(batchPath(batchId), {
          language,
        });
        return medusaState(batch);
      } catch (error) {
        if (error instanceof MedusaApiError && error.status === 404) return undefined;
        throw error;
      }
    },
    async labels(batchId, format) {
      const response = await api.adminRaw(`${batchPath(batchId)}/labels`, {
        body: { format: MEDUSA_FORMAT[format] },
      });
      if (response.status === 404 || response.status === 409) {
        await response.body?.cancel();
        throw new NoFileError("medusa");
      }
      return fileOf(response, "labels");
    },
    async protocols(batchId) {
      const { protocols } = await api.admin<{
        protocols: {
          service: string;
          filename: string;
          content_type: string;
          body_base64: string;
        }[];
      }>(`${batchPath(batchId)}/protocol`, { body: {} });
      return protocols.map((protocol) => ({
        service: protocol.service,
        filename: protocol.filename,
        contentType: protocol.content_type,
        body: new Uint8Array(Buffer.from(protocol.body_base64, "base64")),
      }));
    },
    async courier(batchId) {
      return medusaCourier(await api.admin<MedusaCourier>(`${batchPath(batchId)}/pickup`));
    },
    async book(batchId, service, slot) {
      const { pickups } = await api.admin<{ pickups: MedusaPickup[] }>(
        `${batchPath(batchId)}/pickup`,
        { body: { service, date: slot.date, min_time: slot.from, max_time: slot.to } },
      );
      return pickups.filter((pickup) => pickup.service === service).map(kept);
    },
    async cancelBooking(batchId, bookingId) {
      const outcome = await api.admin<{ cancelled: boolean; reason?: string }>(
        `${batchPath(batchId)}/pickup/${encodeURIComponent(bookingId)}`,
        { method: "DELETE" },
      );
      return { cancelled: outcome.cancelled, reason: outcome.reason ?? null };
    },
    async reckoning(day) {
      const { reckoning, orders } = await reckon(day);
      const names = new Map(orders.map((order) => [order.id, `#${order.display_id}`]));
      const medusaIds = new Map(
        reckoning.rows.map((row) => [row.orderId ?? "", row.medusaOrderId] as const),
      );
      const view = reckoningView(reckoning, (key) => {
        const id = medusaIds.get(key);
        return id ? (names.get(id) ?? null) : null;
      });
      // The Medusa order's own id, not the shipment's name its reference carries.
      return {
        ...view,
        rows: view.rows.map((row) => ({
          ...row,
          orderId: row.orderId === null ? null : (medusaIds.get(row.orderId) ?? row.orderId),
        })),
      };
    },
    async applyRemedy(day, packageId) {
      const { reckoning } = await reckon(day);
      const remedy = reckoning.rows.find((row) => String(row.packageId) === packageId)?.remedy;
      if (!remedy) return { applied: false, problem: null };
      const { result } = await api.admin<{ result: RemedyResult }>(
        "/admin/shipbridge/reckoning/remedy",
        { body: remedy },
      );
      return { applied: result.cancelled, problem: result.problem?.message ?? null };
    },
  };
}
