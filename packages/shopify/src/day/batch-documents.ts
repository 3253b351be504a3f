// A batch's documents, made by the service when asked: one file of the
// labels of every parcel the batch bought, in the shop's label format (PDF
// A6, PDF A4 or ZPL), and one handover protocol per carrier. Each file's key
// names the shop, the batch and what it is, so asking again (a double
// click, a second instance) re-sends the same documents command and gives
// the same file; nothing is kept in the app's memory or database.
import {
  type BatchDocument,
  batchLabels,
  type HandoverProtocol,
  handoverProtocols,
} from "@shipbridge/core";
import type pg from "pg";
import type { ShippingConnections } from "../shipping/connections.ts";
import { batchPackages } from "../store/batches.ts";
import { type LabelFormat, loadSettings } from "../store/settings.ts";

export interface DayContext {
  readonly pool: pg.Pool;
  readonly connections: ShippingConnections;
}

/** What the documents command is asked for, per label format. */
const LABEL_FILES: Readonly<
  Record<LabelFormat, { readonly format: "pdf" | "zpl"; readonly pageFormat?: "a4" | "a6" }>
> = {
  pdf_a6: { format: "pdf", pageFormat: "a6" },
  pdf_a4: { format: "pdf", pageFormat: "a4" },
  zpl: { format: "zpl" },
};

/** One file of the batch's labels in the shop's format, or undefined when it bought no parcel. */
export async function batchLabelFile(
  context: DayContext,
  shop: string,
  batchId: string,
): Promise<BatchDocument | undefined> {
  const packages = await batchPackages(context.pool, shop, batchId);
  if (packages.length === 0) return undefined;
  const { settings } = await loadSettings(context.pool, shop);
  return batchLabels(
    context.connections.client(shop),
    packages.map((pkg) => pkg.packageId),
    {
      ...LABEL_FILES[settings.labelFormat],
      key: `${shop}:${batchId}:labels:${settings.labelFormat}`,
      language: settings.language,
    },
  );
}

/** One handover protocol per carrier of the batch's parcels (none when it bought none). */
export async function batchProtocols(
  context: DayContext,
  shop: string,
  batchId: string,
): Promise<readonly HandoverProtocol[]> {
  const packages = await batchPackages(context.pool, shop, batchId);
  if (packages.length === 0) return [];
  const { settings } = await loadSettings(context.pool, shop);
  const known = packages.flatMap((pkg) =>
    pkg.service === undefined ? [] : [[pkg.packageId, pkg.service] as const],
  );
  return handoverProtocols(
    context.connections.client(shop),
    packages.map((pkg) => pkg.packageId),
    {
      key: `${shop}:${batchId}:protocol`,
      services: Object.fromEntries(known),
      language: settings.language,
    },
  );
}

/** The handover protocol of the batch's parcels of one carrier, or undefined when it has none. */
export async function batchProtocol(
  context: DayContext,
  shop: string,
  batchId: string,
  service: string,
): Promise<HandoverProtocol | undefined> {
  const packages = await batchPackages(context.pool, shop, batchId);
  if (!packages.some((pkg) => pkg.service === service)) return undefined;
  const protocols = await batchProtocols(context, shop, batchId);
  return protocols.find((protocol) => protocol.service === service);
}
