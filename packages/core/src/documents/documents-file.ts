// One file of the shipping day through the documents command: send the
// command under its derived uuid (again, harmlessly, after a crash), wait for
// its final status, then download the file it lists, waiting while the
// service answers 204 with Retry-After. The packages the command refused are
// reported beside the file; when it refused them all there is no file and a
// DocumentsError says why for each.
import type { CallOptions, ShippingClient } from "../api/index.ts";
import type { DocumentsCommandRequest, DocumentsCommandResponse } from "../schemas/index.ts";
import type { BatchDocument, SkippedPackage } from "./batch-document.ts";
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

/** The index of `packages[3].id` in a command error's path. */
function indexOf(path: string | null | undefined): number | undefined {
  const match = /^packages\[(\d+)\]/.exec(path ?? "");
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/** The command's refusals, one per package, in the order asked. */
function skippedOf(
  command: DocumentsCommandResponse,
  packageIds: readonly number[],
  included: ReadonlySet<number>,
): SkippedPackage[] {
  const skipped = new Map<number, SkippedPackage>();
  for (const error of command.errors ?? []) {
    const index = indexOf(error.path);
    const packageId = error.package_id ?? (index === undefined ? undefined : packageIds[index]);
    if (packageId === undefined || included.has(packageId) || skipped.has(packageId)) continue;
    const rule = (error as { rule?: unknown }).rule;
    skipped.set(packageId, {
      packageId,
      rule: typeof rule === "string" && rule !== "" ? rule : "service",
      message: error.message,
    });
  }
  return packageIds.flatMap((id) => {
    const entry = skipped.get(id);
    return entry === undefined ? [] : [entry];
  });
}

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
  const skipped = skippedOf(command, request.packageIds, processed);
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
