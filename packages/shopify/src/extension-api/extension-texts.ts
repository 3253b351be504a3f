// What the extension routes say when they refuse, in English and Polish:
// each refusal has a code, the message in the language asked (or the
// shop's), and both messages, so an extension shows the one it needs.
export type ExtensionLanguage = "en" | "pl";

type Texts = { readonly en: string; readonly pl: string };

export const REFUSALS = {
  unauthorised: {
    en: "Your session has expired: reload the page in the Shopify admin.",
    pl: "Sesja wygasła: odśwież stronę w panelu Shopify.",
  },
  unknown_order: {
    en: "The app has not received this order yet.",
    pl: "Aplikacja nie otrzymała jeszcze tego zamówienia.",
  },
  not_shippable: {
    en: "This order is already shipped, being shipped or cancelled.",
    pl: "To zamówienie jest już wysłane, w trakcie wysyłki albo anulowane.",
  },
  no_pickup_point: {
    en: "This order ships by courier, not to a pickup point.",
    pl: "To zamówienie jedzie kurierem, nie do punktu odbioru.",
  },
  point_code_missing: {
    en: "Give the pickup point's code (letters, digits, - and _).",
    pl: "Podaj kod punktu odbioru (litery, cyfry, - i _).",
  },
  point_unavailable: {
    en: "The service does not accept this pickup point.",
    pl: "Serwis nie przyjmuje tego punktu odbioru.",
  },
  no_orders: {
    en: "Select at least one order (at most 250).",
    pl: "Zaznacz co najmniej jedno zamówienie (najwyżej 250).",
  },
  nothing_to_ship: {
    en: "None of the selected orders is waiting to ship.",
    pl: "Żadne z zaznaczonych zamówień nie czeka na wysyłkę.",
  },
  no_such_batch: {
    en: "There is no such batch.",
    pl: "Nie ma takiej partii.",
  },
  no_document: {
    en: "There is nothing to print yet: no parcel of these orders was bought.",
    pl: "Nie ma jeszcze czego drukować: dla tych zamówień nie kupiono przesyłki.",
  },
  no_protocol: {
    en: "These orders were not shipped in a batch, so there is no handover protocol.",
    pl: "Te zamówienia nie zostały wysłane w partii, więc nie ma protokołu przekazania.",
  },
  link_expired: {
    en: "This print link has expired: print again from the Shopify admin.",
    pl: "Ten link do wydruku wygasł: wydrukuj ponownie z panelu Shopify.",
  },
  service_refused: {
    en: "The shipping service refused: try again in a moment.",
    pl: "Serwis wysyłkowy odmówił: spróbuj ponownie za chwilę.",
  },
  no_such_route: {
    en: "The app has no such address.",
    pl: "Aplikacja nie ma takiego adresu.",
  },
  app_failed: {
    en: "The app could not answer. Try again in a moment.",
    pl: "Aplikacja nie mogła odpowiedzieć. Spróbuj ponownie za chwilę.",
  },
  bad_request: {
    en: "The request is not valid JSON of the expected shape.",
    pl: "Żądanie nie jest poprawnym JSON-em oczekiwanego kształtu.",
  },
} as const satisfies Record<string, Texts>;

export type RefusalCode = keyof typeof REFUSALS;

export interface Refusal {
  readonly error: RefusalCode;
  readonly message: string;
  readonly messages: Texts;
  /** For a refused value: each path, rule and message, in the language asked. */
  readonly issues?: readonly { path: string; rule: string; message: string }[];
}

export function refusal(
  code: RefusalCode,
  language: ExtensionLanguage,
  issues?: Refusal["issues"],
): Refusal {
  const messages = REFUSALS[code];
  return { error: code, message: messages[language], messages, ...(issues ? { issues } : {}) };
}
