// Warnings of the order-to-package mapping. They are Issues like the
// validation warnings (path, stable rule code, message in the caller's
// language) and sit beside them in toPackage's result. Warnings never stop a
// shipment; they tell the merchant what was decided on their behalf.
import type { Issue } from "../issues/issue.ts";
import type { MessageParams } from "../issues/issue-collector.ts";
import type { Language } from "../issues/language.ts";
import { renderMessage } from "../issues/messages.ts";
import type { RULE_CODES } from "../issues/rule-codes.ts";

/** The rule codes of the warnings only the mapping gives. */
type MappingWarningRule =
  | typeof RULE_CODES.pickup_point_dropped
  | typeof RULE_CODES.pickup_point_unverified
  | typeof RULE_CODES.bidi_characters_removed
  | typeof RULE_CODES.postcode_normalized;

/** A mapping warning with its message in the given language. */
export function mappingWarning(
  path: string,
  rule: MappingWarningRule,
  params: MessageParams,
  language: Language,
): Issue {
  return { path, rule, message: renderMessage({ path, rule, params }, language) };
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
