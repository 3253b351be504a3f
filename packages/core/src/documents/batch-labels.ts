// batchLabels: the labels of many ordered packages (a batch, a day) as ONE
// file to print at once, through one documents command: a PDF with one label
// per A6 page or four per A4 page, or ZPL for a thermal printer (one label
// block per parcel). The command's uuid is derived from `key` and the
// packages, so asking again (a double click, a rerun after a crash) re-sends
// the same command and downloads the same file. A package the service
// refuses (not ordered, cancelled) is listed in `skipped`, not thrown.
//
// Decision: a file holds at most DOCUMENTS_PACKAGES_MAX (500) packages, as
// one documents command does. More are refused with a ValidationError at
// `packageIds` rather than split silently into several files: the caller
// asks for one file per 500 packages, each under its own key.
import type { ShippingClient } from "../api/index.ts";
import { LABEL_FILE_FORMATS, LABEL_PAGE_FORMATS } from "../schemas/index.ts";
import type { BatchDocument } from "./batch-document.ts";
import { documentsFile } from "./documents-file.ts";
import { checkDocumentsCall, type DocumentsCallOptions } from "./documents-options.ts";

export interface BatchLabelsOptions extends DocumentsCallOptions {
  /** "pdf" (default) or "zpl" for thermal printers. */
  readonly format?: "pdf" | "zpl";
  /** For PDF: "a6" (one label a page) or "a4" (four a page); default the service's (a4). ZPL labels are A6-sized. */
  readonly pageFormat?: "a4" | "a6";
}

/**
 * One file of the labels of these packages, in package id order.
 * @throws ValidationError naming every bad argument (`packageIds[2]`,
 *   `options.key`, `options.pageFormat`...), DocumentsError no_documents when
 *   the service refused every package, ApiError subclasses for transport
 *   failures, and the signal's reason when aborted.
 */
export async function batchLabels(
  client: ShippingClient,
  packageIds: readonly number[],
  options: BatchLabelsOptions,
): Promise<BatchDocument> {
  const { packageIds: ids, call, issues } = checkDocumentsCall(client, packageIds, options);
  const format = options?.format;
  const pageFormat = options?.pageFormat;
  issues.oneOf(format, "options.format", LABEL_FILE_FORMATS);
  issues.oneOf(pageFormat, "options.pageFormat", format === "zpl" ? ["a6"] : LABEL_PAGE_FORMATS);
  issues.throwIfAny();
  const sentPageFormat = format === "zpl" ? undefined : pageFormat;
  return documentsFile(
    client,
    {
      file: {
        key: options.key,
        type: "labels",
        format: format ?? "",
        pageFormat: sentPageFormat ?? "",
        service: "",
        packageIds: ids,
      },
      ...(format === undefined ? {} : { fileFormat: format }),
      ...(sentPageFormat === undefined ? {} : { pageFormat: sentPageFormat }),
    },
    call,
  );
}
