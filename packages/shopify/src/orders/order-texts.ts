// The orders pages' own texts in Polish and English, chosen by the shop's
// language setting (the same one that picks core's messages and the
// settings page's texts). `{}` marks where a number or name goes; a text
// counting something has a form per plural category (Intl.PluralRules: in
// Polish 1 zamówienie, 2–4 zamówienia, 5 zamówień), filled by `counted`.
import type { Language } from "@shipbridge/core";

/** A counted text: one form per plural category the language has (`other` always). */
export type Counted = Readonly<Partial<Record<Intl.LDMLPluralRule, string>>> & {
  readonly other: string;
};

/**
 * Said to a visitor not logged in, in both languages: the shop, and so its
 * language, is not known.
 */
export const UNAUTHORISED =
  "Otwórz aplikację z panelu administracyjnego Shopify. / Open the app from your Shopify admin.";

const pl = {
  lang: "pl",
  ordersTitle: "Zamówienia",
  settings: "Ustawienia",
  reckoningLink: "Rozliczenie dnia",
  select: "Zaznacz",
  order: "Zamówienie",
  customer: "Klient",
  carrier: "Przewoźnik",
  status: "Stan",
  problems: "Problemy",
  tracking: "Numer przesyłki",
  shipSelected: "Wyślij zaznaczone",
  shipAllWaiting: "Wyślij wszystkie czekające ({})",
  nothingToShip: "Żadne z wybranych zamówień nie czeka na wysyłkę.",
  formUsedTitle: "Formularz już wysłany",
  formUsed:
    "Ten formularz został już użyty do wysłania innych zamówień, więc nic nie zostało wysłane. Odśwież stronę zamówień i wybierz je ponownie.",
  reloadOrders: "Odśwież stronę zamówień",
  formUsedBatch: "Partia, którą utworzył ten formularz",
  noOrders: "Brak zamówień.",
  batches: "Partie",
  noBatches: "Jeszcze brak partii.",
  batchTitle: "Partia zamówień",
  batchOf: {
    one: "{} zamówienie",
    few: "{} zamówienia",
    many: "{} zamówień",
    other: "{} zamówienia",
  } as Counted,
  progress: "Postęp",
  timeLeft: "Zostało około {} s.",
  timeUnknown: "Liczę, ile to potrwa…",
  queued: "Czeka na rozpoczęcie.",
  done: "Gotowe.",
  stageReading: "Czytam zamówienia z Shopify",
  stageBuying: "Kupuję etykiety",
  stageFulfilling: "Oznaczam zamówienia jako zrealizowane w Shopify",
  stageDone: "Gotowe",
  counts: "Zrealizowane: {fulfilled}, wymagają uwagi: {attention}, pominięte: {skipped}",
  labelsLink: "Drukuj etykiety",
  protocolLink: "Protokół przekazania",
  courierLink: "Zamów kuriera",
  documents: "Dokumenty",
  noDocuments: "Dokumenty będą dostępne, gdy paczki zostaną kupione.",
  retryAttention: "Ponów zamówienia wymagające uwagi",
  retry: "Spróbuj ponownie",
  notShipped: "Nie wysłano: przebieg został przerwany; wyślij je ponownie.",
  outcome: {
    pending: "czeka",
    read: "sprawdzone",
    bought: "etykieta kupiona",
    fulfilled: "zrealizowane",
    needs_attention: "wymaga uwagi",
    skipped: "pominięte (anulowane albo już wysłane)",
    unknown_order: "nieznane w Shopify",
  },
  courierTitle: "Kurier dla partii",
  courierParcels: {
    one: "{} paczka",
    few: "{} paczki",
    many: "{} paczek",
    other: "{} paczki",
  } as Counted,
  book: "Zamów kuriera",
  booked: "Kurier zamówiony na {date}, {from}–{to}",
  pickupNumber: "numer zlecenia {}",
  cancelPickup: "Odwołaj kuriera",
  cancelled: "Odwołany",
  noSlots: "Przewoźnik nie proponuje terminów odbioru.",
  noPickupNeeded: "Te paczki nadajesz w punkcie lub paczkomacie; kurier nie jest potrzebny:",
  noCourierParcels: "W tej partii nie ma paczek do odbioru przez kuriera.",
  back: "Wróć do partii",
  refused: "Usługa odmówiła: {}",
  reckoningTitle: "Rozliczenie dnia",
  day: "Dzień",
  show: "Pokaż",
  package: "Paczka",
  price: "Cena",
  flags: "Uwagi",
  remedy: "Naprawa",
  flagNames: {
    no_order: "paczka bez zamówienia",
    second_package: "druga paczka tego samego zamówienia",
    cancelled_order_paid: "zamówienie anulowane, a paczka opłacona",
  } as Record<string, string>,
  cancelPackage: "Anuluj paczkę (zwrot)",
  remedyDone: "Zrobione: paczka {} anulowana.",
  remedyNotFound: "Tej naprawy nie ma już w rozliczeniu dnia.",
  totalPaid: "Razem zapłacono: {}",
  noPackages: "Tego dnia nie opłacono żadnej paczki.",
  allClear: "Wszystko się zgadza.",
  orderStates: {
    open: "otwarte",
    shipped: "wysłane",
    cancelled: "anulowane",
    unknown: "nieznane",
  } as Record<string, string>,
  statuses: {
    awaiting_payment: "czeka na płatność",
    waiting: "czeka na wysyłkę",
    shipping: "w trakcie wysyłki",
    shipped: "paczka zamówiona",
    fulfilled: "zrealizowane",
    needs_attention: "wymaga uwagi",
    cancelled: "anulowane",
    cancelled_after_order: "anulowane po nadaniu paczki",
  } as Record<string, string>,
  noBatchKey: "Formularz nie ma klucza partii; odśwież stronę zamówień.",
  noSuchBatch: "Nie ma takiej partii.",
  noLabelsYet: "Ta partia nie ma jeszcze etykiet.",
  noSuchPart: "Plik tej partii nie ma takiej części.",
  noCarrierParcels: "Ta partia nie ma paczek tego przewoźnika.",
  noCourierParcelsOf: "Ta partia nie ma paczek tego przewoźnika do odbioru przez kuriera.",
  noSuchPickup: "Ta partia nie ma takiego odbioru kuriera.",
};

type Texts = typeof pl;

const en: Texts = {
  lang: "en",
  ordersTitle: "Orders",
  settings: "Settings",
  reckoningLink: "The day's reckoning",
  select: "Select",
  order: "Order",
  customer: "Customer",
  carrier: "Carrier",
  status: "Status",
  problems: "Problems",
  tracking: "Tracking number",
  shipSelected: "Ship selected",
  shipAllWaiting: "Ship all waiting ({})",
  nothingToShip: "None of the orders chosen is waiting to ship.",
  formUsedTitle: "Form already sent",
  formUsed:
    "This form was already used to ship other orders, so nothing was shipped. Reload the orders page and choose them again.",
  reloadOrders: "Reload the orders page",
  formUsedBatch: "The batch this form made",
  noOrders: "No orders.",
  batches: "Batches",
  noBatches: "No batches yet.",
  batchTitle: "Batch of orders",
  batchOf: { one: "{} order", other: "{} orders" },
  progress: "Progress",
  timeLeft: "About {} s left.",
  timeUnknown: "Working out how long it takes…",
  queued: "Waiting to start.",
  done: "Done.",
  stageReading: "Reading the orders from Shopify",
  stageBuying: "Buying the labels",
  stageFulfilling: "Marking the orders fulfilled in Shopify",
  stageDone: "Done",
  counts: "Fulfilled: {fulfilled}, need attention: {attention}, skipped: {skipped}",
  labelsLink: "Print labels",
  protocolLink: "Handover protocol",
  courierLink: "Book courier",
  documents: "Documents",
  noDocuments: "The documents are there once parcels are bought.",
  retryAttention: "Retry the orders that need attention",
  retry: "Retry",
  notShipped: "Not shipped: its run stopped; ship it again.",
  outcome: {
    pending: "waiting",
    read: "checked",
    bought: "label bought",
    fulfilled: "fulfilled",
    needs_attention: "needs attention",
    skipped: "skipped (cancelled, or shipped already)",
    unknown_order: "unknown to Shopify",
  },
  courierTitle: "Courier for the batch",
  courierParcels: { one: "{} parcel", other: "{} parcels" },
  book: "Book courier",
  booked: "Courier booked for {date}, {from}–{to}",
  pickupNumber: "pickup number {}",
  cancelPickup: "Cancel the courier",
  cancelled: "Cancelled",
  noSlots: "The carrier proposes no pickup times.",
  noPickupNeeded: "You drop these parcels at a point or locker; no courier is needed:",
  noCourierParcels: "This batch has no parcels for a courier to collect.",
  back: "Back to the batch",
  refused: "The service refused: {}",
  reckoningTitle: "The day's reckoning",
  day: "Day",
  show: "Show",
  package: "Package",
  price: "Price",
  flags: "Flags",
  remedy: "Remedy",
  flagNames: {
    no_order: "a package with no order",
    second_package: "a second package of the same order",
    cancelled_order_paid: "the order is cancelled but its package is paid",
  },
  cancelPackage: "Cancel the package (refund)",
  remedyDone: "Done: package {} cancelled.",
  remedyNotFound: "That remedy is no longer in the day's reckoning.",
  totalPaid: "Paid in all: {}",
  noPackages: "No package was paid for that day.",
  allClear: "Everything matches.",
  orderStates: {
    open: "open",
    shipped: "shipped",
    cancelled: "cancelled",
    unknown: "unknown",
  },
  statuses: {
    awaiting_payment: "awaiting payment",
    waiting: "waiting to ship",
    shipping: "shipping",
    shipped: "parcel ordered",
    fulfilled: "fulfilled",
    needs_attention: "needs attention",
    cancelled: "cancelled",
    cancelled_after_order: "cancelled after the parcel was sent",
  },
  noBatchKey: "The form has no batch key; reload the orders page.",
  noSuchBatch: "No such batch.",
  noLabelsYet: "This batch has no labels yet.",
  noSuchPart: "This batch's file has no such part.",
  noCarrierParcels: "This batch has no parcels of that carrier.",
  noCourierParcelsOf: "This batch has no parcels of that carrier for a courier.",
  noSuchPickup: "This batch has no such courier pickup.",
};

export type OrderTexts = Texts;

export function orderTexts(language: Language): OrderTexts {
  return language === "en_GB" ? en : pl;
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** The form of `text` that `count` takes in the texts' language, with the count filled in. */
export function counted(t: OrderTexts, text: Counted, count: number): string {
  let rules = pluralRules.get(t.lang);
  if (!rules) {
    rules = new Intl.PluralRules(t.lang);
    pluralRules.set(t.lang, rules);
  }
  return fill(text[rules.select(count)] ?? text.other, count);
}

/** `template` with each `{}` (in turn) or `{name}` filled in. */
export function fill(
  template: string,
  ...values: (string | number | Record<string, string | number>)[]
): string {
  let index = 0;
  return template.replace(/\{(\w*)\}/g, (_match, name: string) => {
    if (name === "") return String(values[index++] ?? "");
    const named = values.find((value) => typeof value === "object") as
      | Record<string, string | number>
      | undefined;
    return String(named?.[name] ?? "");
  });
}
