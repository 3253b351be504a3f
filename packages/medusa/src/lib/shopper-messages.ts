// What a shopper reads when a pickup point cannot be used, in English or Polish.
export type ShopperLanguage = "en" | "pl";

const MESSAGES = {
  point_required: {
    en: "Choose a pickup point for this delivery.",
    pl: "Wybierz punkt odbioru dla tej dostawy.",
  },
  point_not_found: {
    en: "The chosen pickup point no longer exists. Please choose another one.",
    pl: "Wybrany punkt odbioru już nie istnieje. Wybierz inny punkt.",
  },
  point_closed: {
    en: "The chosen pickup point is closed now. Please choose another one.",
    pl: "Wybrany punkt odbioru jest teraz nieczynny. Wybierz inny punkt.",
  },
  point_other_carrier: {
    en: "The chosen pickup point belongs to another carrier. Please choose a point of this delivery's carrier.",
    pl: "Wybrany punkt odbioru należy do innego przewoźnika. Wybierz punkt przewoźnika tej dostawy.",
  },
  points_unavailable: {
    en: "Pickup points cannot be checked right now. Please try again in a moment.",
    pl: "Nie można teraz sprawdzić punktów odbioru. Spróbuj ponownie za chwilę.",
  },
} as const;

export type ShopperMessage = keyof typeof MESSAGES;

export function shopperMessage(code: ShopperMessage, language: ShopperLanguage): string {
  return MESSAGES[code][language];
}
