// The options every documents function of the shipping day takes: the key
// the command uuid derives from and the per-call options, checked with the
// client and the package ids (1 to DOCUMENTS_PACKAGES_MAX, repeats dropped),
// every problem named at once.
import type { ShippingClient } from "../api/index.ts";
import { type CheckedDayCall, checkDayCall, type DayCallOptions } from "../mapping/day-call.ts";
import { DOCUMENTS_PACKAGES_MAX } from "../schemas/index.ts";

export interface DocumentsCallOptions extends DayCallOptions {
  /**
   * The file's stable name (e.g. `${storeId}:${batchId}:labels:a6`): the
   * documents command's uuid is derived from it and from the packages, so
   * asking for the same file again re-sends the same command.
   */
  readonly key: string;
}

/** Checks the client, ids, key and call options; the caller adds its own checks, then throwIfAny. */
export function checkDocumentsCall(
  client: ShippingClient,
  packageIds: readonly number[],
  options: DocumentsCallOptions,
): CheckedDayCall {
  return checkDayCall(client, packageIds, options, {
    max: DOCUMENTS_PACKAGES_MAX,
    keyed: true,
    optionsRequired: true,
  });
}
