// The settings page's words in English and Polish, in the admin's language
// (the dashboard keeps it as "lng", in a cookie first, then in
// localStorage, as its language detector reads it), and the language the
// plugin's routes are asked to answer in.

export type PageLanguage = "en" | "pl";

function cookie(name: string): string | null {
  if (typeof document === "undefined") return null;
  const found = document.cookie
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`));
  return found === undefined ? null : decodeURIComponent(found.slice(name.length + 1));
}

/** The admin's language: Polish when the dashboard (or else the browser) is in Polish. */
export function pageLanguage(): PageLanguage {
  const stored =
    cookie("lng") ?? (typeof localStorage === "undefined" ? null : localStorage.getItem("lng"));
  const chosen = stored ?? (typeof navigator === "undefined" ? "en" : navigator.language);
  return chosen.toLowerCase().startsWith("pl") ? "pl" : "en";
}

const EN = {
  title: "Furgonetka shipping",
  intro: "The shipping account, the sender, the carriers offered and cash on delivery.",
  loading: "Loading…",
  loadFailed: "The settings could not be loaded.",
  account: "Shipping account",
  accountStates: {
    connected: "Connected",
    reconnect: "Connect again",
    not_connected: "Not connected",
    unknown: "Cannot reach the service",
  },
  connect: "Connect the account",
  reconnect: "Reconnect the account",
  fixedGrant: "Signs in with the credentials in medusa-config.ts.",
  webhook: "Tracking updates",
  webhookStates: {
    registered: "Sent to this store",
    elsewhere: "Sent to another address",
    not_registered: "Not set up",
    no_secret: "Off (no trackingWebhookSecret in medusa-config.ts)",
    unknown: "Cannot reach the service",
  },
  webhookRegister: "Send tracking updates here",
  sender: "Sender",
  pickup: "Where the carrier collects",
  pickupElsewhere: "The carrier collects from another address",
  fields: {
    name: "Name",
    company: "Company",
    street: "Street and number",
    postcode: "Postcode",
    city: "City",
    country_code: "Country code",
    phone: "Phone",
    email: "E-mail",
  },
  carriers: "Carriers offered",
  offered: "Offer",
  carrierName: "Name at checkout",
  pickupPoint: "To a locker or pickup point",
  returns: "Returns",
  cod: "Cash on delivery",
  iban: "IBAN the collected money goes to (empty: no cash on delivery)",
  codProviders: "Payment providers that mean paid on delivery (comma-separated)",
  save: "Save",
  saving: "Saving…",
  saved: "Saved.",
  defaults: "Back to medusa-config.ts",
  refused: "The settings were not saved:",
  failed: "The request failed; try again.",
};

const PL: typeof EN = {
  title: "Wysyłka Furgonetka",
  intro: "Konto wysyłkowe, nadawca, oferowani przewoźnicy i pobranie.",
  loading: "Wczytywanie…",
  loadFailed: "Nie udało się wczytać ustawień.",
  account: "Konto wysyłkowe",
  accountStates: {
    connected: "Połączone",
    reconnect: "Połącz ponownie",
    not_connected: "Niepołączone",
    unknown: "Brak połączenia z usługą",
  },
  connect: "Połącz konto",
  reconnect: "Połącz konto ponownie",
  fixedGrant: "Loguje się danymi z medusa-config.ts.",
  webhook: "Aktualizacje śledzenia",
  webhookStates: {
    registered: "Wysyłane do tego sklepu",
    elsewhere: "Wysyłane na inny adres",
    not_registered: "Nieskonfigurowane",
    no_secret: "Wyłączone (brak trackingWebhookSecret w medusa-config.ts)",
    unknown: "Brak połączenia z usługą",
  },
  webhookRegister: "Wysyłaj aktualizacje śledzenia tutaj",
  sender: "Nadawca",
  pickup: "Skąd przewoźnik odbiera",
  pickupElsewhere: "Przewoźnik odbiera z innego adresu",
  fields: {
    name: "Nazwa",
    company: "Firma",
    street: "Ulica i numer",
    postcode: "Kod pocztowy",
    city: "Miejscowość",
    country_code: "Kod kraju",
    phone: "Telefon",
    email: "E-mail",
  },
  carriers: "Oferowani przewoźnicy",
  offered: "Oferuj",
  carrierName: "Nazwa w koszyku",
  pickupPoint: "Do paczkomatu lub punktu",
  returns: "Zwroty",
  cod: "Pobranie",
  iban: "IBAN, na który trafią pobrane pieniądze (puste: bez pobrania)",
  codProviders: "Dostawcy płatności oznaczający płatność przy odbiorze (po przecinku)",
  save: "Zapisz",
  saving: "Zapisywanie…",
  saved: "Zapisano.",
  defaults: "Przywróć medusa-config.ts",
  refused: "Ustawień nie zapisano:",
  failed: "Żądanie nie powiodło się; spróbuj ponownie.",
};

export type Texts = typeof EN;

export function textsOf(language: PageLanguage): Texts {
  return language === "pl" ? PL : EN;
}
