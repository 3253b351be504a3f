// A batch's documents, made by the service when asked: the labels of every
// parcel the batch bought as one file in the shop's label format (PDF A6,
// PDF A4 or ZPL), and one handover protocol per carrier. The service makes
// a file of at most 500 packages, so a larger batch has numbered parts (1,
// 2, ...) of its labels and of each carrier's protocol. Each file's key
// names the shop, the batch, what it is and its part, so asking again (a
// double click, a second instance) re-sends the same documents command and
// gives the same file; nothing is kept in the app's memory or database.
import {
  type BatchDocument,
  batchLabels,
  type HandoverProtocol,
  handoverProtocols,
} from "@shipbridge/core";
import { batchPackages } from "../store/batches.ts";
import { type LabelFormat, loadSettings } from "../store/settings.ts";
import { type DayContext, inParts, parcelsPerFile } from "./day-context.ts";

/** What the documents command is asked for, per label format. */
export const LABEL_FILES: Readonly<
  Record<LabelFormat, { readonly format: "pdf" | "zpl"; readonly pageFormat?: "a4" | "a6" }>
> = {
  pdf_a6: { format: "pdf", pageFormat: "a6" },
  pdf_a4: { format: "pdf", pageFormat: "a4" },
  zpl: { format: "zpl" },
};

/** The batch's files: how many parts its labels take, and each carrier's protocol. */
export interface BatchFiles {
  readonly labelParts: number;
  readonly protocols: readonly { readonly service: string; readonly parts: number }[];
}

/** The batch's bought parcels, split into the files the service makes. */
async function fileParts(context: DayContext, shop: string, batchId: string) {
  const packages = await batchPackages(context.pool, shop, batchId);
  const size = parcelsPerFile(context);
  const services = [...new Set(packages.flatMap((pkg) => pkg.service ?? []))].sort();
  return {
    labels: inParts(packages, size),
    protocols: services.map((service) => ({
      service,
      parts: inParts(
        packages.filter((pkg) => pkg.service === service),
        size,
      ),
    })),
  };
}

export async function batchFiles(
  context: DayContext,
  shop: string,
  batchId: string,
): Promise<BatchFiles> {
  const parts = await fileParts(context, shop, batchId);
  return {
    labelParts: parts.labels.length,
    protocols: parts.protocols.map(({ service, parts }) => ({ service, parts: parts.length })),
  };
}

/**
 * Part `part` (from 1) of the batch's labels in the shop's format, or
 * undefined when there is no such part (the batch bought no parcel).
 */
export async function batchLabelFile(
  context: DayContext,
  shop: string,
  batchId: string,
  part = 1,
): Promise<BatchDocument | undefined> {
  const packages = (await fileParts(context, shop, batchId)).labels[part - 1];
  if (!packages) return undefined;
  const { settings } = await loadSettings(context.pool, shop);
  return batchLabels(
    context.connections.client(shop),
    packages.map((pkg) => pkg.packageId),
    {
      ...LABEL_FILES[settings.labelFormat],
      key: `${shop}:${batchId}:labels:${settings.labelFormat}:${part}`,
      language: settings.language,
    },
  );
}

/**
 * Part `part` (from 1) of the handover protocol of the batch's parcels of
 * one carrier, or undefined when the batch has no such part.
 */
export async function batchProtocol(
  context: DayContext,
  shop: string,
  batchId: string,
  service: string,
  part = 1,
): Promise<HandoverProtocol | undefined> {
  const carrier = (await fileParts(context, shop, batchId)).protocols.find(
    (entry) => entry.service === service,
  );
  const packages = carrier?.parts[part - 1];
  if (!packages) return undefined;
  const { settings } = await loadSettings(context.pool, shop);
  const protocols = await handoverProtocols(
    context.connections.client(shop),
    packages.map((pkg) => pkg.packageId),
    {
      key: `${shop}:${batchId}:protocol:${part}`,
      services: Object.fromEntries(packages.map((pkg) => [pkg.packageId, service])),
      language: settings.language,
    },
  );
  return protocols.find((protocol) => protocol.service === service);
}

/** Every part of every carrier's handover protocol of the batch, by carrier. */
export async function batchProtocols(
  context: DayContext,
  shop: string,
  batchId: string,
): Promise<readonly HandoverProtocol[]> {
  const files = await batchFiles(context, shop, batchId);
  const protocols: HandoverProtocol[] = [];
  for (const { service, parts } of files.protocols) {
    for (let part = 1; part <= parts; part++) {
      const protocol = await batchProtocol(context, shop, batchId, service, part);
      if (protocol) protocols.push(protocol);
    }
  }
  return protocols;
}
