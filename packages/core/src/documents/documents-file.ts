// One file of the shipping day through the documents command: send the
// command under its derived uuid (again, harmlessly, after a crash), wait for
// its final status, then download the file it lists, waiting while the
// service answers 204 with Retry-After. The packages the command refused are
// reported beside the file; when it refused them all there is no file and a
// DocumentsError says why for each.
import type { CallOptions, ShippingClient } from "../api/index.ts";
import { commandRefusals } from "../mapping/command-refusals.ts";
import type { DocumentsCommandRequest } from "../schemas/index.ts";
import type { BatchDocument } from "./batch-document.ts";
import { DOCUMENTS_ERROR_CODES, DocumentsError } from "./documents-error.ts";

export interface DocumentsFileRequest {
  readonly commandId: string;
  readonly type: "labels" | "protocol";
  readonly packageIds: readonly number[];
  readonly fileFormat?: "pdf" | "zpl";
  readonly pageFormat?: "a4" | "a6";
}

const EXTENSIONS: Readonly<Record<string, string>> = {
  "application/pdf": "pdf",
  "application/zpl": "zpl",
};

export async function documentsFile(
  client: ShippingClient,
  request: DocumentsFileRequest,
  call: Omit<CallOptions, "version">,
): Promise<BatchDocument> {
  const body: DocumentsCommandRequest = {
    packages: request.packageIds.map((id) => ({ id })),
    type: request.type,
    ...(request.fileFormat === undefined ? {} : { file_format: request.fileFormat }),
    ...(request.pageFormat === undefined ? {} : { page_format: request.pageFormat }),
  };
  const command = await client.documentsCommands.run(request.commandId, body, call);
  const processed = new Set(
    (command.successfully_processed_packages ?? []).map((entry) => entry.package_id),
  );
  const included = request.packageIds.filter((id) => processed.has(id));
  const skipped = commandRefusals(command.errors, request.packageIds, processed);
  const document =
    command.documents?.find((entry) => entry.type === request.type) ?? command.documents?.[0];
  if (document === undefined || included.length === 0) {
    const reasons = skipped.map((entry) => `${entry.packageId}: ${entry.message}`).join("; ");
    throw new DocumentsError(
      DOCUMENTS_ERROR_CODES.no_documents,
      `The service made no ${request.type === "labels" ? "labels file" : "handover protocol"}: it included none of the ${request.packageIds.length} package(s)${reasons === "" ? "" : ` (${reasons})`}.`,
      { commandId: request.commandId, skipped },
    );
  }
  const file = await client.documentsCommands.download(document, call);
  const contentType = file.contentType.split(";")[0]?.trim() ?? file.contentType;
  const extension = EXTENSIONS[contentType] ?? request.fileFormat ?? "pdf";
  return {
    commandId: request.commandId,
    contentType,
    filename: file.filename ?? `${request.type}-${request.commandId}.${extension}`,
    body: file.bytes,
    packageIds: included,
    skipped,
  };
}
