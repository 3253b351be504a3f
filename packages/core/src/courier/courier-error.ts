// The error of bookPickup when the service answered but no courier was
// booked: it refused every package (each reason in `skipped`), or the pickup
// booked under this key and window was cancelled since, so booking it again
// needs another key. Invalid arguments raise ValidationError instead, the
// service's refusal of the chosen day or window its ValidationApiError, and
// transport failures the REST client's ApiError classes. Its message is in
// the caller's language (English or Polish), the service's reasons quoted as
// the service gave them.
import { isShipbridgeError, ShipbridgeError } from "../errors/shipbridge-error.ts";
import { DEFAULT_LANGUAGE, type Language } from "../issues/language.ts";
import type { SkippedPackage } from "../mapping/command-refusals.ts";
import type { PickupWindow } from "../schemas/index.ts";

/** Stable codes of CourierError. */
export const COURIER_ERROR_CODES = {
  /** The pickup command booked none of the packages; `skipped` says why for each. */
  pickup_refused: "pickup_refused",
  /** The pickup booked under this key and window was cancelled; book again under another key. */
  pickup_cancelled: "pickup_cancelled",
} as const;
export type CourierErrorCode = (typeof COURIER_ERROR_CODES)[keyof typeof COURIER_ERROR_CODES];

export class CourierError extends ShipbridgeError {
  /** The pickup command's uuid. */
  readonly commandId: string;
  readonly skipped: readonly SkippedPackage[];

  constructor(
    code: CourierErrorCode,
    message: string,
    details: { readonly commandId: string; readonly skipped?: readonly SkippedPackage[] },
  ) {
    super(code, message);
    this.commandId = details.commandId;
    this.skipped = details.skipped ?? [];
  }
}

/** The message of pickup_refused: no courier, and why for each package. */
export function pickupRefusedMessage(
  skipped: readonly SkippedPackage[],
  language: Language = DEFAULT_LANGUAGE,
): string {
  const listed = skipped.map((entry) => `${entry.packageId}: ${entry.message}`).join("; ");
  const reasons = listed === "" ? "" : ` (${listed})`;
  return language === "pl_PL"
    ? `Nie zamówiono kuriera: serwis odmówił dla każdej paczki${reasons}.`
    : `No courier was booked: the service refused every package${reasons}.`;
}

/** The message of pickup_cancelled: the booking under this key and window was cancelled. */
export function pickupCancelledMessage(
  window: PickupWindow,
  commandId: string,
  language: Language = DEFAULT_LANGUAGE,
): string {
  const when = `${window.date} ${window.min_time}-${window.max_time}`;
  return language === "pl_PL"
    ? `Odbiór zamówiony pod tym kluczem na ${when} (polecenie ${commandId}) został anulowany; zamów go ponownie pod innym kluczem.`
    : `The pickup booked under this key for ${when} (command ${commandId}) was cancelled; book again under another key.`;
}

/** True for a CourierError, even one from another copy of this package. */
export function isCourierError(value: unknown): value is CourierError {
  return (
    isShipbridgeError(value) &&
    (Object.values(COURIER_ERROR_CODES) as string[]).includes(value.code) &&
    "skipped" in value &&
    "commandId" in value
  );
}
