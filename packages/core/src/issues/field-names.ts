// The names people read for the paths of problems: "Receiver's phone" and
// "Telefon odbiorcy" for `receiver.phone` and for the store order's
// `order.shipping_address.phone`, "Parcel 1: weight" / "Paczka 1: waga" for
// `parcels[0].weight`. Every path core's rules report (the package, the
// store-neutral order and toPackage's options) has a name; any other path
// gets a readable form of itself, so a screen never shows a raw path alone.
import type { Language } from "./language.ts";

/** A name in English and in Polish. */
type Names = readonly [en: string, pl: string];

/** A name that may count from one the array indices of its path ("Parcel 2"). */
type Namer = (numbers: readonly number[]) => Names;

/** The languages a name is asked for in: core's (`pl_PL`, `en_GB`) or the short `pl` and `en`. */
export type NameLanguage = Language | "pl" | "en";

function isPolish(language: NameLanguage): boolean {
  return language === "pl_PL" || language === "pl";
}

/** Path patterns (indices written `[]`) to their names, filled on first use. */
const NAMES = new Map<string, Namer>();

function table(): Map<string, Namer> {
  if (NAMES.size === 0) {
    addAddresses();
    addParcels();
    addPackage();
    addAllServices();
    addOrder();
    addOptions();
  }
  return NAMES;
}

function add(pattern: string, names: Names | Namer): void {
  NAMES.set(pattern, typeof names === "function" ? names : () => names);
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// Addresses: whose (the English possessive, the Polish genitive) and which field.
interface Owner {
  readonly whole: Names;
  /** "Receiver's phone" / "Telefon odbiorcy". */
  readonly field: (field: Names) => Names;
}

const owner = (whole: Names, en: string, pl: string): Owner => ({
  whole,
  field: ([fieldEn, fieldPl]) => [`${en} ${fieldEn}`, `${capital(fieldPl)} ${pl}`],
});

const RECEIVER = owner(["Receiver", "Odbiorca"], "Receiver's", "odbiorcy");
const SENDER = owner(["Sender", "Nadawca"], "Sender's", "nadawcy");
const PICKUP = owner(["Pickup address", "Adres nadania"], "Pickup", "w adresie nadania");
const CUSTOMER = owner(["Customer", "Klient"], "Customer's", "klienta");

const ADDRESS_FIELDS: Readonly<Record<string, Names>> = {
  name: ["name", "imię i nazwisko"],
  full_name: ["full name", "imię i nazwisko"],
  first_name: ["first name", "imię"],
  last_name: ["surname", "nazwisko"],
  company: ["company", "firma"],
  street: ["street", "ulica"],
  street2: ["address line 2", "druga linia adresu"],
  postcode: ["postcode", "kod pocztowy"],
  city: ["city", "miejscowość"],
  country_code: ["country", "kraj"],
  county: ["county", "powiat"],
  province: ["province", "województwo"],
  email: ["e-mail", "e-mail"],
  phone: ["phone", "telefon"],
};

function addAddress(prefix: string, who: Owner, fields: readonly string[]): void {
  add(prefix, who.whole);
  for (const field of fields) {
    const names = ADDRESS_FIELDS[field];
    if (names) add(`${prefix}.${field}`, who.field(names));
  }
}

const PACKAGE_ADDRESS = [
  "name",
  "company",
  "street",
  "postcode",
  "city",
  "country_code",
  "county",
  "email",
  "phone",
];
const STORE_ADDRESS = [
  "name",
  "first_name",
  "last_name",
  "company",
  "street",
  "street2",
  "postcode",
  "city",
  "country_code",
  "province",
  "phone",
];

/** The addresses of the package, the order and the options. */
function addAddresses(): void {
  addAddress("receiver", RECEIVER, PACKAGE_ADDRESS);
  add("receiver.point", ["Receiver's pickup point", "Punkt odbioru"]);
  addAddress("sender", SENDER, PACKAGE_ADDRESS);
  addAddress("pickup", PICKUP, PACKAGE_ADDRESS);
  add("pickup.point", ["Drop-off point", "Punkt nadania"]);
  addAddress("order.shipping_address", RECEIVER, STORE_ADDRESS);
  add("order.shipping_address", ["Receiver's address", "Adres odbiorcy"]);
  addAddress("order.customer", CUSTOMER, [
    "email",
    "phone",
    "first_name",
    "last_name",
    "full_name",
  ]);
  addAddress("options.sender", SENDER, PACKAGE_ADDRESS);
  addAddress("options.pickup", PICKUP, [...PACKAGE_ADDRESS]);
  add("options.pickup.point", ["Drop-off point", "Punkt nadania"]);
}

// Parcels, counted from one.
const PARCEL_FIELDS: Readonly<Record<string, Names>> = {
  width: ["width", "szerokość"],
  depth: ["length", "długość"],
  height: ["height", "wysokość"],
  weight: ["weight", "waga"],
  value: ["declared value", "zadeklarowana wartość"],
  description: ["contents", "opis zawartości"],
  quantity: ["quantity", "liczba sztuk"],
  type: ["type", "rodzaj"],
};

const nth = (en: string, pl: string) => (numbers: readonly number[]) =>
  [`${en} ${(numbers.at(-1) ?? 0) + 1}`, `${pl} ${(numbers.at(-1) ?? 0) + 1}`] as const;

/** Parcels of the package and the options' default parcel. */
function addParcels(): void {
  add("parcels", ["Parcels", "Paczki"]);
  add("parcels[]", nth("Parcel", "Paczka"));
  for (const [field, [en, pl]] of Object.entries(PARCEL_FIELDS)) {
    add(`parcels[].${field}`, (numbers) => {
      const [parcelEn, parcelPl] = nth("Parcel", "Paczka")(numbers);
      return [`${parcelEn}: ${en}`, `${parcelPl}: ${pl}`];
    });
  }
  add("options.parcel", ["Default parcel", "Domyślna paczka"]);
  for (const [field, [en, pl]] of Object.entries(PARCEL_FIELDS)) {
    add(`options.parcel.${field}`, [`Default parcel: ${en}`, `Domyślna paczka: ${pl}`]);
  }
}

// The package itself.
/** The package's own fields. */
function addPackage(): void {
  add("", ["Shipment", "Przesyłka"]);
  add("package", ["Shipment", "Przesyłka"]);
  add("service", ["Carrier", "Przewoźnik"]);
  add("service_id", ["Carrier service", "Usługa przewoźnika"]);
  add("user_reference_number", ["Reference number", "Numer referencyjny"]);
  add("payer", ["Payer", "Płatnik"]);
  add("name", ["Shipment name", "Nazwa przesyłki"]);
  add("type", ["Shipment type", "Rodzaj przesyłki"]);
  add("duty", ["Customs", "Odprawa celna"]);
  add("duty.content", ["Customs: contents", "Odprawa celna: zawartość"]);
  add("duty.documents_uuids", ["Customs: documents", "Odprawa celna: dokumenty"]);
  add("duty.documents_uuids[]", (numbers) => {
    const [en, pl] = nth("document", "dokument")(numbers);
    return [`Customs: ${en}`, `Odprawa celna: ${pl}`];
  });
  add("duty.value", ["Customs: value", "Odprawa celna: wartość"]);
  add("duty.currency", ["Customs: currency", "Odprawa celna: waluta"]);
}

// Additional services, by the names carriers sell them under.
const SERVICE_FLAGS: Readonly<Record<string, Names>> = {
  rod: ["Return of documents (ROD)", "Zwrot dokumentów (ROD)"],
  cud: ["Documents handed over on delivery (CUD)", "Dokumenty wydane przy doręczeniu (CUD)"],
  private_shipping: ["Delivery to a private person", "Doręczenie do osoby prywatnej"],
  guarantee_0800: ["Delivery by 8:00", "Doręczenie do 8:00"],
  guarantee_0900: ["Delivery by 9:00", "Doręczenie do 9:00"],
  guarantee_0930: ["Delivery by 9:30", "Doręczenie do 9:30"],
  guarantee_1200: ["Delivery by 12:00", "Doręczenie do 12:00"],
  guarantee_next_day: ["Next-day delivery", "Doręczenie następnego dnia"],
  delivery_after_1700: ["Delivery after 17:00", "Doręczenie po 17:00"],
  saturday_delivery: ["Saturday delivery", "Doręczenie w sobotę"],
  saturday_sunday_delivery: ["Weekend delivery", "Doręczenie w weekend"],
  saturday_pickup: ["Saturday pickup", "Odbiór w sobotę"],
  sms_predelivery_information: ["Text before delivery", "SMS przed doręczeniem"],
  receiver_sms_notification: ["Text to the receiver", "SMS do odbiorcy"],
  receiver_email_notification: ["E-mail to the receiver", "E-mail do odbiorcy"],
  fragile: ["Fragile", "Ostrożnie"],
  personal_delivery: ["Delivery in person", "Doręczenie do rąk własnych"],
  documents_supply: ["Documents supplied by the courier", "Dostarczenie dokumentów przez kuriera"],
  registered_letter: ["Registered letter", "List polecony"],
  waiting_time: ["Courier waiting time", "Czas oczekiwania kuriera"],
  premium: ["Premium", "Premium"],
  digital_label: ["Label without printing", "Etykieta bez drukowania"],
  poczta_ekspres24: ["Pocztex Ekspres 24", "Pocztex Ekspres 24"],
  kurier48: ["Kurier 48", "Kurier 48"],
  check_content: ["Content check on delivery", "Sprawdzenie zawartości przy odbiorze"],
  pickup_confirmation: ["Confirmation of pickup", "Potwierdzenie nadania"],
  delivery_confirmation: ["Confirmation of delivery", "Potwierdzenie doręczenia"],
  food: ["Food", "Żywność"],
  additional_handling: ["Additional handling", "Dodatkowa obsługa"],
  valuable_shipment: ["Valuable shipment", "Przesyłka wartościowa"],
  insurance: ["Insurance", "Ubezpieczenie"],
  self_pickup: ["Collection by the receiver", "Odbiór własny"],
};

const COD_FIELDS: Readonly<Record<string, Names>> = {
  amount: ["amount", "kwota"],
  express: ["express transfer", "ekspresowy zwrot"],
  iban: ["account number (IBAN)", "numer konta (IBAN)"],
  name: ["account holder", "właściciel konta"],
  currency: ["currency", "waluta"],
  swift: ["SWIFT code", "kod SWIFT"],
};

function addCod(prefix: string): void {
  add(prefix, ["Cash on delivery", "Pobranie"]);
  for (const [field, [en, pl]] of Object.entries(COD_FIELDS)) {
    add(`${prefix}.${field}`, [`Cash on delivery: ${en}`, `Pobranie: ${pl}`]);
  }
}

function addServices(prefix: string): void {
  add(prefix, ["Additional services", "Usługi dodatkowe"]);
  addCod(`${prefix}.cod`);
  add(`${prefix}.delivery_on_day`, ["Delivery on a chosen day", "Doręczenie w wybrany dzień"]);
  add(`${prefix}.delivery_on_time`, ["Delivery hours", "Godziny doręczenia"]);
  add(`${prefix}.delivery_on_time.from`, ["Delivery hours: from", "Godziny doręczenia: od"]);
  add(`${prefix}.delivery_on_time.to`, ["Delivery hours: to", "Godziny doręczenia: do"]);
  for (const [flag, names] of Object.entries(SERVICE_FLAGS)) add(`${prefix}.${flag}`, names);
}

/** The additional services, in the package and in the options. */
function addAllServices(): void {
  addServices("additional_services");
  addServices("options.additionalServices");
}

// The store-neutral order.
/** The store order. */
function addOrder(): void {
  add("order", ["Order", "Zamówienie"]);
  add("order.id", ["Order id", "Identyfikator zamówienia"]);
  add("order.name", ["Order number", "Numer zamówienia"]);
  add("order.currency", ["Order currency", "Waluta zamówienia"]);
  add("order.items", ["Items", "Produkty"]);
  add("order.items[]", nth("Item", "Produkt"));
  const ITEM_FIELDS: Readonly<Record<string, Names>> = {
    sku: ["SKU", "SKU"],
    name: ["name", "nazwa"],
    quantity: ["quantity", "ilość"],
    weight: ["weight", "waga"],
    "weight.value": ["weight", "waga"],
    "weight.unit": ["unit of weight", "jednostka wagi"],
    dimensions: ["dimensions", "wymiary"],
    "dimensions.length": ["length", "długość"],
    "dimensions.width": ["width", "szerokość"],
    "dimensions.height": ["height", "wysokość"],
    "dimensions.unit": ["unit of length", "jednostka wymiarów"],
    price: ["price", "cena"],
  };
  for (const [field, [en, pl]] of Object.entries(ITEM_FIELDS)) {
    add(`order.items[].${field}`, (numbers) => {
      const [itemEn, itemPl] = nth("Item", "Produkt")(numbers);
      return [`${itemEn}: ${en}`, `${itemPl}: ${pl}`];
    });
  }
  add("order.totals", ["Order totals", "Sumy zamówienia"]);
  add("order.totals.items", ["Items total", "Wartość produktów"]);
  add("order.totals.shipping", ["Shipping cost", "Koszt wysyłki"]);
  add("order.totals.total", ["Order total", "Wartość zamówienia"]);
  add("order.cod", ["Cash on delivery", "Pobranie"]);
  add("order.cod.amount", ["Cash on delivery: amount", "Pobranie: kwota"]);
  add("order.cod.currency", ["Cash on delivery: currency", "Pobranie: waluta"]);
  add("order.shipping", ["Shipping method", "Metoda wysyłki"]);
  add("order.shipping.service", ["Carrier", "Przewoźnik"]);
  add("order.shipping.service_id", ["Carrier service", "Usługa przewoźnika"]);
  add("order.shipping.title", ["Shipping method", "Metoda wysyłki"]);
  add("order.pickup_point", ["Pickup point", "Punkt odbioru"]);
  add("order.pickup_point.code", ["Pickup point", "Punkt odbioru"]);
  add("order.pickup_point.carrier", ["Pickup point's carrier", "Przewoźnik punktu odbioru"]);
}

// toPackage's and shipOrder's options a merchant sets.
/** The options. */
function addOptions(): void {
  add("options", ["Settings", "Ustawienia"]);
  addCod("options.cod");
  add("options.parcels", ["Parcels", "Paczki"]);
  add("options.parcels.boxes", ["Boxes", "Kartony"]);
  add("options.parcels.boxes[]", nth("Box", "Karton"));
  add("options.parcels.split", ["Split into parcels", "Podział na paczki"]);
  add("options.parcels.limits", ["Parcel limits", "Limity paczek"]);
  add("options.parcels.cod", ["Cash on delivery per parcel", "Pobranie w paczkach"]);
  add("options.parcels.strategy", ["Packing", "Sposób pakowania"]);
  add("options.postalService", ["Postal service", "Usługa pocztowa"]);
  add("options.description", ["Parcel contents", "Opis zawartości"]);
  add("options.countries", ["Countries", "Kraje"]);
  add("options.delivery", ["Delivery", "Doręczenie"]);
  add("options.label", ["Label", "Etykieta"]);
}

/** A path's keys and indices: `parcels[0].weight` and `parcels.0.weight` alike. */
function segments(path: string): (string | number)[] {
  const found: (string | number)[] = [];
  for (const match of path.matchAll(/\[(\d+)\]|([^.[\]]+)/g)) {
    const [, index, key] = match;
    if (index !== undefined) found.push(Number(index));
    else if (key !== undefined) found.push(/^\d+$/.test(key) ? Number(key) : key);
  }
  return found;
}

function pattern(parts: readonly (string | number)[]): string {
  let text = "";
  for (const part of parts) {
    if (typeof part === "number") text += "[]";
    else text += text === "" ? part : `.${part}`;
  }
  return text;
}

/** A key as words: `country_code` → "country code", `postalService` → "postal service". */
function words(key: string): string {
  return key
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase()
    .trim();
}

/** The readable form of path parts no name covers: "items 1 › weight". */
function readable(parts: readonly (string | number)[]): string {
  const pieces: string[] = [];
  for (const part of parts) {
    if (typeof part === "number") {
      const last = pieces.pop();
      pieces.push(last === undefined ? `${part + 1}` : `${last} ${part + 1}`);
    } else pieces.push(words(part));
  }
  return pieces.join(" › ");
}

/** The name of a path when it is one core names; `undefined` otherwise. */
export function namedField(path: string, language: NameLanguage): string | undefined {
  const parts = segments(path.startsWith("package.") ? path.slice("package.".length) : path);
  const namer = table().get(pattern(parts));
  if (namer === undefined) return undefined;
  const numbers = parts.filter((part): part is number => typeof part === "number");
  const [en, pl] = namer(numbers);
  return isPolish(language) ? pl : en;
}

/**
 * The name a person reads for a problem's path, in English or Polish:
 * `fieldName("receiver.phone", "pl_PL")` is "Telefon odbiorcy", and so is
 * `fieldName("order.shipping_address.phone", "pl")`; `parcels[0].weight` is
 * "Parcel 1: weight" / "Paczka 1: waga". A path with no name of its own keeps
 * the name of its longest named start and the rest in words
 * ("Receiver's phone › extension"); a path with none reads as words.
 */
export function fieldName(path: string, language: NameLanguage): string {
  const known = namedField(path, language);
  if (known !== undefined) return known;
  const parts = segments(path.startsWith("package.") ? path.slice("package.".length) : path);
  for (let length = parts.length - 1; length > 0; length -= 1) {
    const head = parts.slice(0, length);
    const namer = table().get(pattern(head));
    if (namer === undefined) continue;
    const numbers = head.filter((part): part is number => typeof part === "number");
    const [en, pl] = namer(numbers);
    return `${isPolish(language) ? pl : en} › ${readable(parts.slice(length))}`;
  }
  return capital(readable(parts)) || (isPolish(language) ? "Przesyłka" : "Shipment");
}
