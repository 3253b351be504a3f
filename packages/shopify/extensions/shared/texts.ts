// The extensions' own words, in English and Polish. The admin extensions
// speak the shop's language as the app's settings set it (the app's
// answers say which); the buyer's blocks speak the checkout's language.
import type { Language } from "./app-api.ts";

const en = {
  appName: "shipbridge",
  loading: "Loading…",
  status: {
    awaiting_payment: "Awaiting payment",
    waiting: "Waiting to ship",
    shipping: "Shipping",
    shipped: "Shipped",
    fulfilled: "Fulfilled",
    needs_attention: "Needs attention",
    cancelled: "Cancelled",
    cancelled_after_order: "Cancelled after shipping",
  } as Record<string, string>,
  carrier: "Carrier",
  pickupPoint: "Pickup point",
  tracking: "Tracking",
  label: "Print label",
  ship: "Ship",
  retry: "Retry",
  changePoint: "Change pickup point",
  newPointCode: "New pickup point code",
  checkAndSave: "Check and save",
  cancel: "Cancel",
  queued: "Queued: the order ships in a moment.",
  pointSaved: (code: string) => `Pickup point changed to ${code}.`,
  problems: "Problems",
  shipSelected: "Ship with shipbridge",
  shipCount: (count: number) =>
    count === 1 ? "Ship 1 order as one batch." : `Ship ${count} orders as one batch.`,
  shipButton: "Ship",
  close: "Close",
  batchDone: (done: number, total: number) => `Done: ${done} of ${total} shipped.`,
  batchRunning: (percent: number) => `Shipping… ${percent}%`,
  needsAttention: (count: number) =>
    count === 1 ? "1 order needs attention." : `${count} orders need attention.`,
  printLabels: "Labels",
  printProtocol: "Handover protocol",
  document: "Document",
  protocolOf: (service: string, part: number, parts: number) =>
    parts > 1 ? `Protocol ${service} (${part}/${parts})` : `Protocol ${service}`,
  yourPoint: "Your pickup point",
  openingHours: "Opening hours",
  closed: "closed",
  days: {
    monday: "Monday",
    tuesday: "Tuesday",
    wednesday: "Wednesday",
    thursday: "Thursday",
    friday: "Friday",
    saturday: "Saturday",
    sunday: "Sunday",
  } as Record<string, string>,
};

export type Texts = typeof en;

const pl: Texts = {
  appName: "shipbridge",
  loading: "Wczytywanie…",
  status: {
    awaiting_payment: "Czeka na płatność",
    waiting: "Czeka na wysyłkę",
    shipping: "W trakcie wysyłki",
    shipped: "Wysłane",
    fulfilled: "Zrealizowane",
    needs_attention: "Wymaga uwagi",
    cancelled: "Anulowane",
    cancelled_after_order: "Anulowane po wysłaniu",
  },
  carrier: "Przewoźnik",
  pickupPoint: "Punkt odbioru",
  tracking: "Śledzenie",
  label: "Drukuj etykietę",
  ship: "Wyślij",
  retry: "Ponów",
  changePoint: "Zmień punkt odbioru",
  newPointCode: "Kod nowego punktu odbioru",
  checkAndSave: "Sprawdź i zapisz",
  cancel: "Anuluj",
  queued: "W kolejce: zamówienie zostanie zaraz wysłane.",
  pointSaved: (code) => `Punkt odbioru zmieniony na ${code}.`,
  problems: "Problemy",
  shipSelected: "Wyślij przez shipbridge",
  shipCount: (count) =>
    `Wyślij ${count} ${plural(count, "zamówienie", "zamówienia", "zamówień")} jako jedną partię.`,
  shipButton: "Wyślij",
  close: "Zamknij",
  batchDone: (done, total) => `Gotowe: wysłano ${done} z ${total}.`,
  batchRunning: (percent) => `Wysyłanie… ${percent}%`,
  needsAttention: (count) =>
    `${count} ${plural(count, "zamówienie wymaga", "zamówienia wymagają", "zamówień wymaga")} uwagi.`,
  printLabels: "Etykiety",
  printProtocol: "Protokół przekazania",
  document: "Dokument",
  protocolOf: (service, part, parts) =>
    parts > 1 ? `Protokół ${service} (${part}/${parts})` : `Protokół ${service}`,
  yourPoint: "Twój punkt odbioru",
  openingHours: "Godziny otwarcia",
  closed: "nieczynne",
  days: {
    monday: "Poniedziałek",
    tuesday: "Wtorek",
    wednesday: "Środa",
    thursday: "Czwartek",
    friday: "Piątek",
    saturday: "Sobota",
    sunday: "Niedziela",
  },
};

/** Polish plural forms: 1 zamówienie, 2–4 zamówienia (not 12–14), 5 zamówień. */
function plural(count: number, one: string, few: string, many: string): string {
  if (count === 1) return one;
  const tens = count % 100;
  const units = count % 10;
  return units >= 2 && units <= 4 && (tens < 12 || tens > 14) ? few : many;
}

export function texts(language: Language): Texts {
  return language === "en" ? en : pl;
}

/** The language of a locale or ISO code ("pl", "pl-PL", "en-US"): Polish or English. */
export function languageOf(code: string | undefined): Language {
  return code?.toLowerCase().startsWith("pl") ? "pl" : "en";
}
