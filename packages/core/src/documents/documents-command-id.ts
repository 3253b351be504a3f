// The uuid of the documents command that makes one file of the shipping day:
// UUID v5 of the file's stable key (e.g. `${storeId}:${batchId}:labels:a6`),
// what the file is, and the packages in it, in DOCUMENTS_COMMAND_NAMESPACE.
// Asking for the same file again re-sends the same command, which the service
// answers without making it again; a file of other packages under the same
// key is another command, never a conflicting body under a used uuid.
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

export function documentsCommandId(file: DocumentsFileName): string {
  const name = [
    file.key,
    file.type,
    file.format,
    file.pageFormat,
    file.service,
    file.packageIds.join(","),
  ].join("\u001f");
  return uuidV5(name, DOCUMENTS_COMMAND_NAMESPACE);
}
