// What the picker says, in English and Polish: every text a shopper sees, one
// table per language with the same keys (a test holds them equal). `{name}`
// placeholders are filled by `say`.

/** The picker's languages. */
export const PICKER_LANGUAGES = ["en", "pl"] as const;
export type PickerLanguage = (typeof PICKER_LANGUAGES)[number];

const en = {
  heading: "Pickup point",
  searchLabel: "City, postcode or point code",
  searchButton: "Search",
  nearAddress: "Points near your delivery address",
  searchResults: "Points for “{query}”",
  loading: "Looking for points…",
  noPoints: "No open pickup point found here. Try another city or code.",
  listLabel: "Pickup points",
  mapLabel: "Map of pickup points",
  distance: "{km} km away",
  price: "Delivery to this point: {price}",
  pricing: "Checking the price…",
  confirm: "Deliver to this point",
  saving: "Saving your choice…",
  chosen: "Your parcel goes to {name}.",
  refused: "This point cannot be chosen: {reason}",
  failed: "The pickup points could not be loaded: {reason}",
  chooseFirst: "Choose a point from the list.",
  cod: "Cash on delivery",
  unreachable: "the shop could not be reached; check your connection and try again",
  unexpected: "the shop answered in an unexpected way (HTTP {status}); try again in a moment",
} as const;

export type PickerTextKey = keyof typeof en;
export type PickerText = Readonly<Record<PickerTextKey, string>>;

const pl: PickerText = {
  heading: "Punkt odbioru",
  searchLabel: "Miasto, kod pocztowy lub kod punktu",
  searchButton: "Szukaj",
  nearAddress: "Punkty w pobliżu adresu dostawy",
  searchResults: "Punkty dla „{query}”",
  loading: "Szukamy punktów…",
  noPoints: "Nie znaleziono tu czynnego punktu odbioru. Spróbuj innego miasta lub kodu.",
  listLabel: "Punkty odbioru",
  mapLabel: "Mapa punktów odbioru",
  distance: "{km} km stąd",
  price: "Dostawa do tego punktu: {price}",
  pricing: "Sprawdzamy cenę…",
  confirm: "Dostarcz do tego punktu",
  saving: "Zapisujemy wybór…",
  chosen: "Paczka trafi do: {name}.",
  refused: "Nie można wybrać tego punktu: {reason}",
  failed: "Nie udało się pobrać punktów odbioru: {reason}",
  chooseFirst: "Wybierz punkt z listy.",
  cod: "Płatność przy odbiorze",
  unreachable: "nie udało się połączyć ze sklepem; sprawdź połączenie i spróbuj ponownie",
  unexpected: "sklep odpowiedział w nieoczekiwany sposób (HTTP {status}); spróbuj za chwilę",
};

/** The texts of each language. */
export const PICKER_TEXT: Readonly<Record<PickerLanguage, PickerText>> = { en, pl };

/** True for a language the picker speaks. */
export function isPickerLanguage(value: unknown): value is PickerLanguage {
  return (PICKER_LANGUAGES as readonly unknown[]).includes(value);
}

/** The text `key` in `language`, its `{name}` placeholders filled from `values`. */
export function say(
  language: PickerLanguage,
  key: PickerTextKey,
  values: Readonly<Record<string, string | number>> = {},
): string {
  return PICKER_TEXT[language][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** The value of Accept-Language the store's routes read for `language`. */
export function acceptLanguage(language: PickerLanguage): string {
  return language === "pl" ? "pl-PL, pl;q=0.9" : "en-GB, en;q=0.9";
}
