// The error of batchLabels and handoverProtocols when the service answered
// but made no file: it left out every package asked for (none is ordered,
// all are cancelled, ...). `skipped` says why for each. Invalid arguments
// raise ValidationError instead, and transport failures the REST client's
// ApiError classes.
import { isShipbridgeError, ShipbridgeError } from "../errors/shipbridge-error.ts";
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

/** True for a DocumentsError, even one from another copy of this package. */
export function isDocumentsError(value: unknown): value is DocumentsError {
  return (
    isShipbridgeError(value) &&
    (Object.values(DOCUMENTS_ERROR_CODES) as string[]).includes(value.code) &&
    "skipped" in value &&
    "commandId" in value
  );
}
