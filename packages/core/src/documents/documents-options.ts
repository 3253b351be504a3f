// The per-call options every documents function of the shipping day takes,
// and the check of its arguments shared by batchLabels and handoverProtocols:
// the client, the package ids (1 to DOCUMENTS_PACKAGES_MAX, repeats dropped)
// and the key, with every problem named at once.
import { ApiUsageError, type CallOptions, type ShippingClient } from "../api/index.ts";
import type { Language } from "../issues/language.ts";
import { isShippingClient } from "../mapping/ship-order.ts";
import { DOCUMENTS_PACKAGES_MAX } from "../schemas/index.ts";
import { ArgumentIssues } from "../validation/argument-issues.ts";

export interface DocumentsCallOptions {
  /**
   * The file's stable name (e.g. `${storeId}:${batchId}:labels:a6`): the
   * documents command's uuid is derived from it and from the packages, so
   * asking for the same file again re-sends the same command.
   */
  readonly key: string;
  /** Aborts waiting; asking again later picks the same command up. */
  readonly signal?: AbortSignal;
  /** Everything, polling and the download included, must finish by then (client clock). */
  readonly deadline?: Date | number;
  /** X-Company-Id for every call. */
  readonly companyId?: string | number;
  /** Language of the service's and core's messages. Default en_GB. */
  readonly language?: Language;
}

export interface CheckedDocumentsCall {
  readonly packageIds: number[];
  readonly call: Omit<CallOptions, "version">;
  readonly issues: ArgumentIssues;
}

/** Checks the client, ids, key and call options; the caller adds its own checks, then throwIfAny. */
export function checkDocumentsCall(
  client: ShippingClient,
  packageIds: readonly number[],
  options: DocumentsCallOptions,
): CheckedDocumentsCall {
  if (!isShippingClient(client)) {
    throw new ApiUsageError(
      "client",
      "must be a ShippingClient (new ShippingClient({ baseUrl, auth }))",
    );
  }
  const issues = new ArgumentIssues(options);
  const ids = issues.packageIds(packageIds, "packageIds", DOCUMENTS_PACKAGES_MAX);
  const call: { -readonly [K in keyof CallOptions]?: CallOptions[K] } = {};
  if (issues.options(options, true)) {
    issues.text(options.key, "options.key");
    issues.callOptions(options as unknown as Record<string, unknown>);
    if (options.signal !== undefined) call.signal = options.signal;
    if (options.deadline !== undefined) call.deadline = options.deadline;
    if (options.companyId !== undefined) call.companyId = options.companyId;
    if (options.language !== undefined) call.language = options.language;
  }
  return { packageIds: ids ?? [], call, issues };
}
