// Display names of additional services, in both languages, for the
// `additional_services_dictionary` of package details: "the translation
// dictionary of the shipment's additional services". A flag without a name
// here is shown by its key.
import type { Language } from "@shipbridge/core";

const NAMES: Readonly<Record<string, Readonly<Record<Language, string>>>> = {
  cod: { en_GB: "Cash on delivery", pl_PL: "Pobranie" },
  rod: { en_GB: "Return of signed documents", pl_PL: "Zwrot potwierdzonych dokumentów" },
  cud: { en_GB: "Document return", pl_PL: "Dokumenty zwrotne" },
  private_shipping: {
    en_GB: "Delivery to a private person",
    pl_PL: "Doręczenie do osoby prywatnej",
  },
  guarantee_0800: { en_GB: "Delivery by 8:00", pl_PL: "Doręczenie do 8:00" },
  guarantee_0900: { en_GB: "Delivery by 9:00", pl_PL: "Doręczenie do 9:00" },
  guarantee_0930: { en_GB: "Delivery by 9:30", pl_PL: "Doręczenie do 9:30" },
  guarantee_1200: { en_GB: "Delivery by 12:00", pl_PL: "Doręczenie do 12:00" },
  delivery_after_1700: { en_GB: "Delivery after 17:00", pl_PL: "Doręczenie po 17:00" },
  delivery_on_day: { en_GB: "Delivery on a chosen day", pl_PL: "Doręczenie we wskazanym dniu" },
  delivery_on_time: { en_GB: "Delivery in a time range", pl_PL: "Doręczenie w przedziale godzin" },
  saturday_delivery: { en_GB: "Saturday delivery", pl_PL: "Doręczenie w sobotę" },
  saturday_pickup: { en_GB: "Saturday pickup", pl_PL: "Odbiór w sobotę" },
  sms_predelivery_information: { en_GB: "SMS before delivery", pl_PL: "SMS przed doręczeniem" },
  receiver_email_notification: {
    en_GB: "E-mail to the receiver",
    pl_PL: "Powiadomienie e-mail odbiorcy",
  },
  fragile: { en_GB: "Fragile", pl_PL: "Ostrożnie" },
  personal_delivery: { en_GB: "Delivery in person", pl_PL: "Doręczenie do rąk własnych" },
  documents_supply: { en_GB: "Documents supply", pl_PL: "Dostarczenie dokumentów" },
  registered_letter: { en_GB: "Registered letter", pl_PL: "List polecony" },
  waiting_time: { en_GB: "Courier waiting time", pl_PL: "Czas oczekiwania kuriera" },
  premium: { en_GB: "Premium", pl_PL: "Premium" },
  digital_label: {
    en_GB: "Digital label (no printer needed)",
    pl_PL: "Etykieta cyfrowa (bez drukarki)",
  },
  poczta_ekspres24: { en_GB: "Pocztex Ekspres 24", pl_PL: "Pocztex Ekspres 24" },
  kurier48: { en_GB: "Pocztex Kurier 48", pl_PL: "Pocztex Kurier 48" },
  check_content: { en_GB: "Content check on delivery", pl_PL: "Sprawdzenie zawartości" },
  pickup_confirmation: { en_GB: "Pickup confirmation", pl_PL: "Potwierdzenie nadania" },
  delivery_confirmation: { en_GB: "Delivery confirmation", pl_PL: "Potwierdzenie doręczenia" },
};

/** The dictionary of the services a package carries: key → name in `language`. */
export function servicesDictionary(
  services: Readonly<Record<string, unknown>> | undefined,
  language: Language,
): Record<string, string> {
  const dictionary: Record<string, string> = {};
  for (const [key, value] of Object.entries(services ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    dictionary[key] = NAMES[key]?.[language] ?? key.replaceAll("_", " ");
  }
  return dictionary;
}
