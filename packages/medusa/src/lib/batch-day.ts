// The rest of a batch's shipping day, on core's documents and courier
// functions: its labels as one file (the store's format), a handover
// protocol per carrier, and the courier (proposals, a booking per carrier,
// its cancellation). Every file and booking is named after the store, the
// batch and what it holds, so a double click asks for the same command; the
// bookings are kept on the batch by single statements, so two made at once
// both stay.

import { MedusaError } from "@medusajs/framework/utils";
import {
  type BatchDocument,
  batchLabels,
  bookPickup,
  cancelPickup,
  courierPickup,
  type HandoverProtocol,
  handoverProtocols,
  type Language,
} from "@shipbridge/core";
import type { ShipbridgeModuleService } from "../modules/shipbridge/service.ts";
import type { PluginOptions } from "./options.ts";

/** The most packages one label file holds (one documents command). */
export const LABEL_FILE_MAX = 500;
/** The most packages one courier booking holds (one pickup command). */
const PICKUP_MAX = 100;

export type LabelFormat = PluginOptions["labelFormat"];

/** A courier booked for a batch, as the batch's row keeps it. */
export interface BatchPickup {
  readonly command_id: string;
  readonly service: string;
  readonly pickup_number: string | null;
  readonly window: { date: string; min_time: string; max_time: string };
  readonly package_ids: number[];
  readonly skipped: { package_id: number; rule: string; message: string }[];
  readonly cancelled: boolean;
}

/** The batch's packages (bought or fulfilled), in the batch's order, with their carriers. */
async function packagesOf(
  shipbridge: ShipbridgeModuleService,
  batchId: string,
  language: Language,
): Promise<{ ids: number[]; services: Record<number, string> }> {
  await shipbridge.batchOf(batchId, language);
  const rows = await shipbridge.listBatchOrders(
    { batch_id: batchId },
    { order: { created_at: "ASC" } },
  );
  const ids: number[] = [];
  const services: Record<number, string> = {};
  for (const row of rows) {
    if (row.package_id === null || row.package_id === undefined) continue;
    if (row.state !== "bought" && row.state !== "fulfilled") continue;
    ids.push(row.package_id);
    if (row.service) services[row.package_id] = row.service;
  }
  if (ids.length === 0) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      language === "pl_PL"
        ? `Partia ${batchId} nie ma jeszcze żadnej opłaconej paczki`
        : `Batch ${batchId} has no paid package yet`,
      "batch_no_packages",
    );
  }
  return { ids, services };
}

function callOptions(shipbridge: ShipbridgeModuleService, language: Language) {
  const companyId = shipbridge.pluginOptions.companyId;
  return { language, ...(companyId === undefined ? {} : { companyId }) };
}

/**
 * One file of the batch's labels in `format` (the store's `labelFormat` by
 * default): at most LABEL_FILE_MAX packages from `offset`; `next` is where
 * the following file starts, when there is one.
 */
export async function batchLabelFile(
  shipbridge: ShipbridgeModuleService,
  batchId: string,
  language: Language,
  format: LabelFormat = shipbridge.pluginOptions.labelFormat,
  offset = 0,
): Promise<{ file: BatchDocument; next: number | undefined }> {
  const { ids } = await packagesOf(shipbridge, batchId, language);
  const part = ids.slice(offset, offset + LABEL_FILE_MAX);
  const storeId = shipbridge.pluginOptions.storeId;
  const file = await batchLabels(shipbridge.connection.client, part, {
    ...callOptions(shipbridge, language),
    key: `${storeId}:${batchId}:labels:${format}`,
    ...(format === "zpl"
      ? { format: "zpl" as const }
      : {
          format: "pdf" as const,
          pageFormat: format === "pdf-a4" ? ("a4" as const) : ("a6" as const),
        }),
  });
  const next = offset + LABEL_FILE_MAX < ids.length ? offset + LABEL_FILE_MAX : undefined;
  return { file, next };
}

/** The batch's handover protocols, one per carrier. */
export async function batchProtocols(
  shipbridge: ShipbridgeModuleService,
  batchId: string,
  language: Language,
) {
  const { ids, services } = await packagesOf(shipbridge, batchId, language);
  const storeId = shipbridge.pluginOptions.storeId;
  // A documents command holds LABEL_FILE_MAX packages: a larger batch has
  // a protocol per carrier and part.
  const protocols: HandoverProtocol[] = [];
  for (let start = 0; start < ids.length; start += LABEL_FILE_MAX) {
    const part = await handoverProtocols(
      shipbridge.connection.client,
      ids.slice(start, start + LABEL_FILE_MAX),
      {
        ...callOptions(shipbridge, language),
        key: `${storeId}:${batchId}:protocol:${start / LABEL_FILE_MAX}`,
        services,
      },
    );
    protocols.push(...part);
  }
  return protocols;
}

/** When a courier can come for the batch's parcels, per carrier; lockers and points need none. */
export async function batchPickupProposals(
  shipbridge: ShipbridgeModuleService,
  batchId: string,
  language: Language,
) {
  const { ids, services } = await packagesOf(shipbridge, batchId, language);
  return courierPickup(shipbridge.connection.client, ids, {
    ...callOptions(shipbridge, language),
    services,
  });
}

function pickupsOf(batch: { pickups?: unknown }): BatchPickup[] {
  return Array.isArray(batch.pickups) ? (batch.pickups as BatchPickup[]) : [];
}

/**
 * Books the courier of `service` for the batch's parcels it can collect, on
 * the chosen day and window (a command per PICKUP_MAX packages), and keeps
 * the bookings on the batch. Named after the batch, the carrier and how many
 * of its bookings were cancelled before, so a double click books once and a
 * cancelled booking can be booked again.
 */
export async function bookBatchPickup(
  shipbridge: ShipbridgeModuleService,
  batchId: string,
  service: string,
  window: { date: string; min_time: string; max_time: string },
  language: Language,
): Promise<BatchPickup[]> {
  const proposals = await batchPickupProposals(shipbridge, batchId, language);
  const carrier = proposals.carriers.find((entry) => entry.service === service);
  if (carrier === undefined) {
    const pointOnly = proposals.noPickupNeeded.some((entry) => entry.service === service);
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      pointOnly
        ? language === "pl_PL"
          ? `service: paczki ${service} nadaje się w punkcie lub paczkomacie; kurier nie jest potrzebny`
          : `service: ${service} parcels are handed in at a point or locker; no courier is needed`
        : language === "pl_PL"
          ? `service: partia nie ma paczek ${service}, po które może przyjechać kurier`
          : `service: the batch has no ${service} parcels a courier can collect`,
      pointOnly ? "pickup_not_needed" : "service_not_in_batch",
    );
  }
  const storeId = shipbridge.pluginOptions.storeId;
  const batch = await shipbridge.batchOf(batchId, language);
  const earlier = pickupsOf(batch);
  const round = earlier.filter((entry) => entry.service === service && entry.cancelled).length;
  const booked: BatchPickup[] = [];
  for (let start = 0; start < carrier.packageIds.length; start += PICKUP_MAX) {
    const part = carrier.packageIds.slice(start, start + PICKUP_MAX);
    const pickup = await bookPickup(shipbridge.connection.client, part, window, {
      ...callOptions(shipbridge, language),
      key: `${storeId}:${batchId}:pickup:${service}:${round}:${start / PICKUP_MAX}`,
    });
    booked.push({
      command_id: pickup.commandId,
      service: pickup.service || service,
      pickup_number: pickup.pickupNumber ?? null,
      window: {
        date: pickup.window.date,
        min_time: pickup.window.min_time,
        max_time: pickup.window.max_time,
      },
      package_ids: [...pickup.packageIds],
      skipped: pickup.skipped.map((entry) => ({
        package_id: entry.packageId,
        rule: entry.rule,
        message: entry.message,
      })),
      cancelled: false,
    });
  }
  // Kept in one statement: a booking of another carrier made at the same moment stays too.
  await shipbridge.addBatchPickups(batchId, booked as unknown as Record<string, unknown>[]);
  return booked;
}

/** Cancels one of the batch's courier bookings, while the service allows. */
export async function cancelBatchPickup(
  shipbridge: ShipbridgeModuleService,
  batchId: string,
  commandId: string,
  language: Language,
): Promise<{ cancelled: boolean; reason?: string }> {
  const batch = await shipbridge.batchOf(batchId, language);
  const pickups = pickupsOf(batch);
  if (!pickups.some((entry) => entry.command_id === commandId)) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      language === "pl_PL"
        ? `Partia ${batchId} nie ma odbioru ${commandId}`
        : `Batch ${batchId} has no pickup ${commandId}`,
      "pickup_not_found",
    );
  }
  const result = await cancelPickup(
    shipbridge.connection.client,
    commandId,
    callOptions(shipbridge, language),
  );
  if (result.cancelled) await shipbridge.cancelBatchPickupEntry(batchId, commandId);
  return result.reason === undefined
    ? { cancelled: result.cancelled }
    : { cancelled: result.cancelled, reason: result.reason };
}
