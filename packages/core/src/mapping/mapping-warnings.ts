// Warnings of the order-to-package mapping. They have the shape of the
// validation warnings (path, stable rule code, message in the caller's
// language) and sit beside them in toPackage's result. Warnings never stop a
// shipment; they tell the merchant what was decided on their behalf.
import type { Language } from "../issues/language.ts";
import type { MessageParams, RuleCode } from "../validation/index.ts";

/** Stable codes of the warnings only the mapping gives. */
export const MAPPING_WARNING_CODES = {
  /** The order's pickup point belongs to another carrier than the chosen service; it was left out. */
  pickup_point_dropped: "pickup_point_dropped",
  /** The chosen service's carrier is unknown (a service_id without account services); the point was kept unchecked. */
  pickup_point_unverified: "pickup_point_unverified",
  /** Bidi override characters were removed from an address text; they change its display, not its content. */
  bidi_characters_removed: "bidi_characters_removed",
} as const;
export type MappingWarningCode = (typeof MAPPING_WARNING_CODES)[keyof typeof MAPPING_WARNING_CODES];

/** A warning of toPackage or shipOrder: a validation rule's, or one of the mapping's own. */
export interface MappingWarning {
  /** Where the cause sits: `order.pickup_point.carrier`, `options.postalService`, or a package path. */
  readonly path: string;
  readonly rule: RuleCode | MappingWarningCode;
  readonly message: string;
}

type Template = (params: MessageParams) => string;

function p(params: MessageParams, key: string): string {
  const value = params[key];
  return value === undefined ? "" : String(value);
}

const MESSAGES: Readonly<Record<Language, Readonly<Record<MappingWarningCode, Template>>>> = {
  en_GB: {
    pickup_point_dropped: (x) =>
      `The pickup point ${p(x, "point")} belongs to ${p(x, "pointCarrier")}, but the order ships with ${p(x, "carrier")} (the shipping method changed after the point was chosen), so the point was left out and the parcel goes to the address.`,
    pickup_point_unverified: (x) =>
      `The carrier of service_id ${p(x, "serviceId")} is unknown (pass accountServices to check it), so the pickup point ${p(x, "point")} of ${p(x, "pointCarrier")} was kept without checking that it matches.`,
    bidi_characters_removed: (x) =>
      `Invisible text-direction characters (${p(x, "characters")}) were removed from this text: they change how an address is displayed, not what it says, and the service does not accept them.`,
  },
  pl_PL: {
    pickup_point_dropped: (x) =>
      `Punkt odbioru ${p(x, "point")} należy do przewoźnika ${p(x, "pointCarrier")}, a zamówienie jest wysyłane przez ${p(x, "carrier")} (metoda dostawy zmieniła się po wyborze punktu), więc punkt pominięto i przesyłka trafi pod adres.`,
    pickup_point_unverified: (x) =>
      `Przewoźnik usługi service_id ${p(x, "serviceId")} jest nieznany (przekaż accountServices, aby to sprawdzić), więc punkt odbioru ${p(x, "point")} przewoźnika ${p(x, "pointCarrier")} pozostawiono bez sprawdzenia.`,
    bidi_characters_removed: (x) =>
      `Z tego tekstu usunięto niewidoczne znaki zmieniające kierunek tekstu (${p(x, "characters")}): zmieniają one sposób wyświetlania adresu, a nie jego treść, i serwis ich nie przyjmuje.`,
  },
};

/** A mapping warning with its message in the given language. */
export function mappingWarning(
  path: string,
  rule: MappingWarningCode,
  params: MessageParams,
  language: Language,
): MappingWarning {
  return { path, rule, message: MESSAGES[language][rule](params) };
}

/** The informational v1.0.109 message, worded for the mapping's `postalService` option. */
export function postalExpressMessage(explicit: boolean, language: Language): string {
  if (language === "pl_PL") {
    return explicit
      ? 'Przesyłka poczta na własnej umowie zostanie nadana jako przesyłka ekspresowa, zgodnie z postalService: "express" (domyślne zachowanie serwisu od wersji v1.0.109).'
      : 'Nie wybrano usługi pocztowej, więc ta przesyłka poczta na własnej umowie zostanie nadana jako przesyłka ekspresowa (od wersji v1.0.109). Przekaż postalService: "kurier48", aby nadać ją jako Kurier 48, albo postalService: "express", aby potwierdzić wybór.';
  }
  return explicit
    ? 'This own-contract poczta shipment is sent as an express parcel, as postalService: "express" asks (the service\'s default since v1.0.109).'
    : 'No postal service is chosen, so this own-contract poczta shipment will be sent as an express parcel (since v1.0.109). Pass postalService: "kurier48" to send it as Kurier 48, or postalService: "express" to confirm.';
}
