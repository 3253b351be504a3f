// The error of batchLabels and handoverProtocols when the service answered
// but made no file: it left out every package asked for (none is ordered,
// all are cancelled, ...). `skipped` says why for each. Invalid arguments
// raise ValidationError instead, and transport failures the REST client's
// ApiError classes. Its message is in the caller's language (English or
// Polish), the service's reasons quoted as the service gave them.
import { isShipbridgeError, ShipbridgeError } from "../errors/shipbridge-error.ts";
import { DEFAULT_LANGUAGE, type Language } from "../issues/language.ts";
import type { SkippedPackage } from "../mapping/command-refusals.ts";

/** Stable codes of DocumentsError. */
export const DOCUMENTS_ERROR_CODES = {
  /** The documents command included none of the packages, so there is no file. */
  no_documents: "no_documents",
} as const;
export type DocumentsErrorCode = (typeof DOCUMENTS_ERROR_CODES)[keyof typeof DOCUMENTS_ERROR_CODES];

export class DocumentsError extends ShipbridgeError {
  /** The documents command's uuid. */
  readonly commandId: string;
  readonly skipped: readonly SkippedPackage[];

  constructor(
    code: DocumentsErrorCode,
    message: string,
    details: { readonly commandId: string; readonly skipped: readonly SkippedPackage[] },
  ) {
    super(code, message);
    this.commandId = details.commandId;
    this.skipped = details.skipped;
  }
}

/** The reasons of the skipped packages, as `(id: reason; ...)`, or nothing. */
function reasonsOf(skipped: readonly SkippedPackage[]): string {
  const reasons = skipped.map((entry) => `${entry.packageId}: ${entry.message}`).join("; ");
  return reasons === "" ? "" : ` (${reasons})`;
}

/** The message of no_documents: no file of this kind, and why for each package. */
export function noDocumentsMessage(
  type: "labels" | "protocol",
  count: number,
  skipped: readonly SkippedPackage[],
  language: Language = DEFAULT_LANGUAGE,
): string {
  const reasons = reasonsOf(skipped);
  if (language === "pl_PL") {
    const what = type === "labels" ? "pliku etykiet" : "protokołu nadania";
    return `Serwis nie utworzył ${what}: nie objął żadnej z ${count} paczek${reasons}.`;
  }
  const what = type === "labels" ? "labels file" : "handover protocol";
  return `The service made no ${what}: it included none of the ${count} package(s)${reasons}.`;
}

/** True for a DocumentsError, even one from another copy of this package. */
export function isDocumentsError(value: unknown): value is DocumentsError {
  return (
    isShipbridgeError(value) &&
    (Object.values(DOCUMENTS_ERROR_CODES) as string[]).includes(value.code) &&
    "skipped" in value &&
    "commandId" in value
  );
}
