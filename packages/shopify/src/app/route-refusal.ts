// What the install and connect routes answer a merchant's browser they
// cannot serve: plain text in Polish (the app's default language), then
// English, with the status; never a stack trace or an HTML error page.

export interface RouteMessages {
  readonly pl: string;
  readonly en: string;
}

/** The install and connect routes' refusals, each in both languages. */
export const ROUTE_REFUSALS = {
  badShop: {
    pl: "Brak sklepu albo zły adres sklepu (nazwa.myshopify.com): otwórz aplikację z panelu Shopify.",
    en: "The shop is missing or not a shop's address (name.myshopify.com): open the app from your Shopify admin.",
  },
  installFailed: {
    pl: "Nie udało się dokończyć instalacji; zacznij ją jeszcze raz z Shopify.",
    en: "The install could not be completed; start it again from Shopify.",
  },
  openFromAdmin: {
    pl: "Otwórz aplikację z panelu administracyjnego Shopify.",
    en: "Open the app from the Shopify admin.",
  },
  connectLinkExpired: {
    pl: "Link do połączenia konta wysyłkowego wygasł; poproś o nowy.",
    en: "The connect link expired; ask for a new one.",
  },
  connectWithoutShop: {
    pl: "Otwórz aplikację z panelu Shopify, aby połączyć konto wysyłkowe.",
    en: "Open the app from your Shopify admin to connect the shipping account.",
  },
  connectExpired: {
    pl: "Łączenie konta wysyłkowego wygasło; zacznij je jeszcze raz w ustawieniach.",
    en: "The connection expired; start it again from the settings.",
  },
  connectFailed: {
    pl: "Konto wysyłkowe nie zostało połączone; zacznij jeszcze raz w ustawieniach.",
    en: "The shipping account was not connected; start again from the settings.",
  },
} as const satisfies Record<string, RouteMessages>;

/** A refusal in both languages, Polish first. */
export function refusal(status: 400 | 401 | 403, messages: RouteMessages): Response {
  return new Response(`${messages.pl}\n${messages.en}\n`, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
}
