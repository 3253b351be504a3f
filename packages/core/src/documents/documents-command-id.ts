// The uuid of the documents command that makes one file of the shipping day:
// UUID v5 of the file's stable key (e.g. `${storeId}:${batchId}:labels:a6`),
// what the file is, the packages in it (sorted, so the same packages in
// another order are the same file) and the attempt, in
// DOCUMENTS_COMMAND_NAMESPACE. Asking for the same file again re-sends the
// same command, which the service answers without making it again; a file
// of other packages under the same key is another command, never a
// conflicting body under a used uuid. Attempt 0 is the first; a later
// attempt is made only when an earlier one left out packages that could now
// be in the file (documents-file.ts).
import { uuidV5 } from "../mapping/order-command-id.ts";

/** The namespace of shipbridge documents commands. Fixed forever. */
export const DOCUMENTS_COMMAND_NAMESPACE = "2bb29ef4-8ab5-4129-bd97-5bffe28a1691";

export interface DocumentsFileName {
  readonly key: string;
  readonly type: "labels" | "protocol";
  readonly format: string;
  readonly pageFormat: string;
  /** The carrier of a handover protocol; "" for labels. */
  readonly service: string;
  readonly packageIds: readonly number[];
}

export function documentsCommandId(file: DocumentsFileName, attempt = 0): string {
  const name = [
    file.key,
    file.type,
    file.format,
    file.pageFormat,
    file.service,
    [...file.packageIds].sort((a, b) => a - b).join(","),
    ...(attempt === 0 ? [] : [String(attempt)]),
  ].join("\u001f");
  return uuidV5(name, DOCUMENTS_COMMAND_NAMESPACE);
}
