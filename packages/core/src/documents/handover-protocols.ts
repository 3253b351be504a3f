// handoverProtocols: the handover protocol ("protokół nadania") a courier
// signs when collecting parcels, one per carrier, since a protocol serves one
// carrier. The packages are grouped by their service, read from the service
// (GET /packages/{id}, a few at a time) unless the caller knows it already
// (`services`); each carrier's protocol is one documents command whose uuid
// is derived from `key`, the carrier and its packages, so asking again
// re-sends the same commands. A package the service refuses is listed in its
// carrier's `skipped`; a package the account does not have, in `missing`.
// The carriers' commands run side by side and each settles on its own: a
// carrier whose packages were all refused (a cancelled GLS parcel) is listed
// in `refused` while the other carriers' protocols are made; only when no
// carrier gets a protocol is there a DocumentsError, with every reason.
import type { ShippingClient } from "../api/index.ts";
import type { SkippedPackage } from "../mapping/command-refusals.ts";
import { readPackages } from "../mapping/read-packages.ts";
import type { BatchDocument } from "./batch-document.ts";
import { DOCUMENTS_ERROR_CODES, DocumentsError, isDocumentsError } from "./documents-error.ts";
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

/** A carrier that got no protocol: the service refused every one of its packages. */
export interface RefusedProtocol {
  /** The carrier. */
  readonly service: string;
  /** The documents command that refused them. */
  readonly commandId: string;
  /** The carrier's packages asked for, by id. */
  readonly packageIds: readonly number[];
  /** Why, for each package. */
  readonly skipped: readonly SkippedPackage[];
  /** The service's refusal in words. */
  readonly message: string;
}

/**
 * The protocols, one per carrier that got one; `refused` lists the carriers
 * whose packages were all refused, `missing` the package ids the account has
 * no package for.
 */
export type HandoverProtocols = readonly HandoverProtocol[] & {
  readonly refused: readonly RefusedProtocol[];
  readonly missing: readonly number[];
};

/**
 * One handover protocol per carrier of these packages, ordered by carrier.
 * @throws ValidationError naming every bad argument, DocumentsError
 *   no_documents when no carrier got a protocol (the service refused every
 *   package), ApiError subclasses for transport failures.
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
  const carriers = [...byCarrier.keys()].sort();
  const settled = await Promise.allSettled(
    carriers.map(async (service): Promise<HandoverProtocol> => {
      const file = await documentsFile(
        client,
        {
          file: {
            key: options.key,
            type: "protocol",
            format: "pdf",
            pageFormat: "a4",
            service,
            packageIds: byCarrier.get(service) as number[],
          },
        },
        call,
      );
      return { ...file, service };
    }),
  );
  const protocols: HandoverProtocol[] = [];
  const refused: RefusedProtocol[] = [];
  settled.forEach((outcome, index) => {
    const service = carriers[index] as string;
    if (outcome.status === "fulfilled") {
      protocols.push(outcome.value);
    } else if (isDocumentsError(outcome.reason)) {
      refused.push({
        service,
        commandId: outcome.reason.commandId,
        packageIds: [...(byCarrier.get(service) as number[])].sort((a, b) => a - b),
        skipped: outcome.reason.skipped,
        message: outcome.reason.message,
      });
    }
  });
  // A transport failure is not an answer: asking again sends the same commands.
  const failed = settled.find(
    (outcome): outcome is PromiseRejectedResult =>
      outcome.status === "rejected" && !isDocumentsError(outcome.reason),
  );
  if (failed !== undefined) throw failed.reason;
  const first = refused[0];
  if (protocols.length === 0 && first !== undefined) {
    throw new DocumentsError(
      DOCUMENTS_ERROR_CODES.no_documents,
      refused.map((entry) => `${entry.service}: ${entry.message}`).join(" "),
      { commandId: first.commandId, skipped: refused.flatMap((entry) => entry.skipped) },
    );
  }
  return Object.assign(protocols, { refused, missing: read.missing });
}
