// One file of the shipping day through the documents command: send the
// command under its derived uuid (again, harmlessly, after a crash), wait for
// its final status, then download the file it lists, waiting while the
// service answers 204 with Retry-After. The packages go in by id, so the
// same packages asked in any order are the same command with the same body.
// The packages the command refused are reported beside the file; when it
// refused them all there is no file and a DocumentsError says why for each.
//
// A finished command keeps its answer forever, so a file asked for while
// some of its packages were still being ordered would leave them out under
// that key for good. So the attempts under the key are read in turn (GET),
// the last one found answers, and when it left packages out that can be in
// the file now (ordered and not cancelled), the file is made again under the
// next attempt's uuid (so a double click still makes it once). Documents
// commands cost nothing.
import { type CallOptions, isNotFoundError, type ShippingClient } from "../api/index.ts";
import { commandRefusals } from "../mapping/command-refusals.ts";
import { readPackages } from "../mapping/read-packages.ts";
import {
  type DocumentsCommandRequest,
  type DocumentsCommandResponse,
  isFinalCommandStatus,
  type PackageDetailsV2,
} from "../schemas/index.ts";
import type { BatchDocument } from "./batch-document.ts";
import { type DocumentsFileName, documentsCommandId } from "./documents-command-id.ts";
import { DOCUMENTS_ERROR_CODES, DocumentsError, noDocumentsMessage } from "./documents-error.ts";

export interface DocumentsFileRequest {
  /** What the file is; its packages in any order. */
  readonly file: DocumentsFileName;
  readonly fileFormat?: "pdf" | "zpl";
  readonly pageFormat?: "a4" | "a6";
}

/** Attempts of one file at most: past them the last attempt's answer stands. */
export const DOCUMENTS_ATTEMPTS_MAX = 10;

const EXTENSIONS: Readonly<Record<string, string>> = {
  "application/pdf": "pdf",
  "application/zpl": "zpl",
};

/** Whether a package can be in a file now: ordered and not cancelled. */
function canBeInFile(pkg: PackageDetailsV2 | undefined): boolean {
  return pkg !== undefined && Boolean(pkg.datetime_order) && pkg.state !== "canceled";
}

/** Whether a package the command left out could be in the file now. */
async function couldBeFuller(
  client: ShippingClient,
  command: DocumentsCommandResponse,
  ids: readonly number[],
  call: Omit<CallOptions, "version">,
): Promise<boolean> {
  const processed = new Set(
    (command.successfully_processed_packages ?? []).map((entry) => entry.package_id),
  );
  const left = ids.filter((id) => !processed.has(id));
  if (left.length === 0) return false;
  const read = await readPackages(client, left, call);
  return left.some((id) => canBeInFile(read.found.get(id)));
}

/** The command under `commandId`, final, or undefined when the service has none. */
async function findCommand(
  client: ShippingClient,
  commandId: string,
  call: Omit<CallOptions, "version">,
): Promise<DocumentsCommandResponse | undefined> {
  try {
    const command = await client.documentsCommands.get(commandId, call);
    return isFinalCommandStatus(command.status)
      ? command
      : await client.documentsCommands.wait(commandId, call);
  } catch (error) {
    if (isNotFoundError(error)) return undefined;
    throw error;
  }
}

export async function documentsFile(
  client: ShippingClient,
  request: DocumentsFileRequest,
  call: Omit<CallOptions, "version">,
): Promise<BatchDocument> {
  const { file } = request;
  const ids = [...new Set(file.packageIds)].sort((a, b) => a - b);
  const body: DocumentsCommandRequest = {
    packages: ids.map((id) => ({ id })),
    type: file.type,
    ...(request.fileFormat === undefined ? {} : { file_format: request.fileFormat }),
    ...(request.pageFormat === undefined ? {} : { page_format: request.pageFormat }),
  };
  let commandId = documentsCommandId(file, 0);
  let command: DocumentsCommandResponse | undefined;
  for (let attempt = 0; attempt < DOCUMENTS_ATTEMPTS_MAX; attempt++) {
    const attemptId = documentsCommandId(file, attempt);
    const found = await findCommand(client, attemptId, call);
    if (found === undefined) {
      // Not sent yet: the first attempt is; a later one only when a package
      // the one before left out could be in the file now.
      if (command !== undefined && !(await couldBeFuller(client, command, ids, call))) break;
      command = await client.documentsCommands.run(attemptId, body, call);
      commandId = attemptId;
      break;
    }
    command = found;
    commandId = attemptId;
    // A next attempt is only ever made for a package this one left out.
    const processed = new Set(
      (found.successfully_processed_packages ?? []).map((entry) => entry.package_id),
    );
    if (ids.every((id) => processed.has(id))) break;
  }
  return download(client, request, ids, commandId, command as DocumentsCommandResponse, call);
}

async function download(
  client: ShippingClient,
  request: DocumentsFileRequest,
  ids: readonly number[],
  commandId: string,
  command: DocumentsCommandResponse,
  call: Omit<CallOptions, "version">,
): Promise<BatchDocument> {
  const { type } = request.file;
  const processed = new Set(
    (command.successfully_processed_packages ?? []).map((entry) => entry.package_id),
  );
  const included = ids.filter((id) => processed.has(id));
  const skipped = commandRefusals(command.errors, ids, processed);
  const document =
    command.documents?.find((entry) => entry.type === type) ?? command.documents?.[0];
  if (document === undefined || included.length === 0) {
    throw new DocumentsError(
      DOCUMENTS_ERROR_CODES.no_documents,
      noDocumentsMessage(type, ids.length, skipped, call.language),
      { commandId, skipped },
    );
  }
  const downloaded = await client.documentsCommands.download(document, call);
  const contentType = downloaded.contentType.split(";")[0]?.trim() ?? downloaded.contentType;
  const extension = EXTENSIONS[contentType] ?? request.fileFormat ?? "pdf";
  return {
    commandId,
    contentType,
    filename: downloaded.filename ?? `${type}-${commandId}.${extension}`,
    body: downloaded.bytes,
    packageIds: included,
    skipped,
  };
}
