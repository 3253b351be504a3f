// handoverProtocols: the handover protocol ("protokół nadania") a courier
// signs when collecting parcels, one per carrier, since a protocol serves one
// carrier. The packages are grouped by their service, read from the service
// (GET /packages/{id}, a few at a time) unless the caller knows it already
// (`services`); each carrier's protocol is one documents command whose uuid
// is derived from `key`, the carrier and its packages, so asking again
// re-sends the same commands. A package the service refuses is listed in its
// carrier's `skipped`; a package the account does not have, in `missing`.
import type { ShippingClient } from "../api/index.ts";
import { readPackages } from "../mapping/read-packages.ts";
import type { BatchDocument } from "./batch-document.ts";
import { documentsFile } from "./documents-file.ts";
import { checkDocumentsCall, type DocumentsCallOptions } from "./documents-options.ts";

export interface HandoverProtocolsOptions extends DocumentsCallOptions {
  /** The carrier (the package's `service`) of packages the caller knows, by package id; the rest are read. */
  readonly services?: Readonly<Record<number, string>>;
}

export interface HandoverProtocol extends BatchDocument {
  /** The carrier this protocol is for. */
  readonly service: string;
}

/** The protocols, one per carrier; `missing` lists package ids the account has no package for. */
export type HandoverProtocols = readonly HandoverProtocol[] & {
  readonly missing: readonly number[];
};

/**
 * One handover protocol per carrier of these packages, ordered by carrier.
 * @throws ValidationError naming every bad argument, DocumentsError
 *   no_documents when the service refused every package of a carrier,
 *   ApiError subclasses for transport failures.
 */
export async function handoverProtocols(
  client: ShippingClient,
  packageIds: readonly number[],
  options: HandoverProtocolsOptions,
): Promise<HandoverProtocols> {
  const { packageIds: ids, call, issues } = checkDocumentsCall(client, packageIds, options);
  const known = options?.services;
  if (known !== undefined && (typeof known !== "object" || known === null)) {
    issues.report("options.services", "invalid_type", { expected: "object" });
  }
  issues.throwIfAny();
  const services = new Map<number, string>();
  const unknown: number[] = [];
  for (const id of ids) {
    const service = known?.[id];
    if (typeof service === "string" && service !== "") services.set(id, service);
    else unknown.push(id);
  }
  const read = await readPackages(client, unknown, call);
  for (const [id, pkg] of read.found) services.set(id, pkg.service ?? "");
  const byCarrier = new Map<string, number[]>();
  for (const id of ids) {
    const service = services.get(id);
    if (service === undefined) continue;
    byCarrier.set(service, [...(byCarrier.get(service) ?? []), id]);
  }
  // The carriers' commands run side by side: each waits for the service on its own.
  const protocols = await Promise.all(
    [...byCarrier.keys()].sort().map(async (service): Promise<HandoverProtocol> => {
      const carrierIds = byCarrier.get(service) as number[];
      const file = await documentsFile(
        client,
        {
          file: {
            key: options.key,
            type: "protocol",
            format: "pdf",
            pageFormat: "a4",
            service,
            packageIds: carrierIds,
          },
        },
        call,
      );
      return { ...file, service };
    }),
  );
  return Object.assign(protocols, { missing: read.missing });
}
