// Display names of additional services, in both languages, for the
// `additional_services_dictionary` of package details: "the translation
// dictionary of the shipment's additional services". The keys are
// @shipbridge/core's additional-service keys; the delivery-hour guarantees
// (guarantee_HHMM) are named after their hour. A flag without a name is
// shown by its key.
import type { Language } from "@shipbridge/core";
import { ADDITIONAL_SERVICE_FLAGS, type AdditionalServiceKey } from "@shipbridge/core/schemas";

/** A service's name: [English, Polish]. */
type Names = readonly [en: string, pl: string];

const NAMES: Readonly<Partial<Record<AdditionalServiceKey, Names>>> = {
  cod: ["Cash on delivery", "Pobranie"],
  rod: ["Return of signed documents", "Zwrot potwierdzonych dokumentów"],
  cud: ["Document return", "Dokumenty zwrotne"],
  private_shipping: ["Delivery to a private person", "Doręczenie do osoby prywatnej"],
  delivery_after_1700: ["Delivery after 17:00", "Doręczenie po 17:00"],
  delivery_on_day: ["Delivery on a chosen day", "Doręczenie we wskazanym dniu"],
  delivery_on_time: ["Delivery in a time range", "Doręczenie w przedziale godzin"],
  saturday_delivery: ["Saturday delivery", "Doręczenie w sobotę"],
  saturday_pickup: ["Saturday pickup", "Odbiór w sobotę"],
  sms_predelivery_information: ["SMS before delivery", "SMS przed doręczeniem"],
  receiver_email_notification: ["E-mail to the receiver", "Powiadomienie e-mail odbiorcy"],
  fragile: ["Fragile", "Ostrożnie"],
  personal_delivery: ["Delivery in person", "Doręczenie do rąk własnych"],
  documents_supply: ["Documents supply", "Dostarczenie dokumentów"],
  registered_letter: ["Registered letter", "List polecony"],
  waiting_time: ["Courier waiting time", "Czas oczekiwania kuriera"],
  premium: ["Premium", "Premium"],
  digital_label: ["Digital label (no printer needed)", "Etykieta cyfrowa (bez drukarki)"],
  poczta_ekspres24: ["Pocztex Ekspres 24", "Pocztex Ekspres 24"],
  kurier48: ["Pocztex Kurier 48", "Pocztex Kurier 48"],
  check_content: ["Content check on delivery", "Sprawdzenie zawartości"],
  pickup_confirmation: ["Pickup confirmation", "Potwierdzenie nadania"],
  delivery_confirmation: ["Delivery confirmation", "Potwierdzenie doręczenia"],
  ...guaranteeNames(),
};

/** guarantee_0930 → "Delivery by 9:30" / "Doręczenie do 9:30", for each such flag of core. */
function guaranteeNames(): Partial<Record<AdditionalServiceKey, Names>> {
  const names: Partial<Record<AdditionalServiceKey, Names>> = {};
  for (const flag of ADDITIONAL_SERVICE_FLAGS) {
    const hour = /^guarantee_(\d\d)(\d\d)$/.exec(flag);
    if (!hour) continue;
    const time = `${Number(hour[1])}:${hour[2]}`;
    names[flag] = [`Delivery by ${time}`, `Doręczenie do ${time}`];
  }
  return names;
}

/** The dictionary of the services a package carries: key → name in `language`. */
export function servicesDictionary(
  services: Readonly<Record<string, unknown>> | undefined,
  language: Language,
): Record<string, string> {
  const dictionary: Record<string, string> = {};
  for (const [key, value] of Object.entries(services ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    const names = Object.hasOwn(NAMES, key) ? NAMES[key as AdditionalServiceKey] : undefined;
    dictionary[key] = names ? names[language === "pl_PL" ? 1 : 0] : key.replaceAll("_", " ");
  }
  return dictionary;
}
