// A problem's field path as people read it, in Polish or English: core's
// `order.shipping_address.postcode` is "Shipping address › postcode", its
// `order.items[1].weight` is "Item 2 › weight". The path itself stays beside
// it on the page (for whoever fixes the order in code); a part with no
// name here is shown as it is.
import type { Language } from "@shipbridge/core";

type Names = { readonly pl: string; readonly en: string };

const PARTS: Readonly<Record<string, Names>> = {
  order: { pl: "zamówienie", en: "order" },
  shipping_address: { pl: "adres dostawy", en: "shipping address" },
  customer: { pl: "klient", en: "customer" },
  receiver: { pl: "odbiorca", en: "receiver" },
  sender: { pl: "nadawca", en: "sender" },
  pickup: { pl: "adres nadania", en: "pickup address" },
  name: { pl: "imię i nazwisko", en: "name" },
  full_name: { pl: "imię i nazwisko", en: "full name" },
  first_name: { pl: "imię", en: "first name" },
  last_name: { pl: "nazwisko", en: "last name" },
  company: { pl: "firma", en: "company" },
  street: { pl: "ulica i numer", en: "street and number" },
  postcode: { pl: "kod pocztowy", en: "postcode" },
  city: { pl: "miejscowość", en: "city" },
  province: { pl: "województwo", en: "province" },
  country_code: { pl: "kraj", en: "country" },
  phone: { pl: "telefon", en: "phone" },
  email: { pl: "e-mail", en: "e-mail" },
  items: { pl: "pozycje", en: "items" },
  line_items: { pl: "pozycje zamówienia", en: "order lines" },
  weight: { pl: "waga", en: "weight" },
  dimensions: { pl: "wymiary", en: "dimensions" },
  width: { pl: "szerokość", en: "width" },
  depth: { pl: "długość", en: "depth" },
  length: { pl: "długość", en: "length" },
  height: { pl: "wysokość", en: "height" },
  quantity: { pl: "ilość", en: "quantity" },
  price: { pl: "cena", en: "price" },
  parcels: { pl: "paczki", en: "parcels" },
  pickup_point: { pl: "punkt odbioru", en: "pickup point" },
  point: { pl: "punkt odbioru", en: "pickup point" },
  code: { pl: "kod", en: "code" },
  shipping: { pl: "wysyłka", en: "shipping" },
  service: { pl: "przewoźnik", en: "carrier" },
  service_id: { pl: "usługa przewoźnika", en: "carrier's service" },
  cod: { pl: "pobranie", en: "cash on delivery" },
  amount: { pl: "kwota", en: "amount" },
  iban: { pl: "IBAN", en: "IBAN" },
  totals: { pl: "kwoty", en: "totals" },
  total: { pl: "razem", en: "total" },
  settings: { pl: "ustawienia aplikacji", en: "app settings" },
  connection: { pl: "konto wysyłkowe", en: "shipping account" },
  fulfillment_orders: { pl: "zlecenia realizacji w Shopify", en: "fulfilment orders in Shopify" },
  fulfillment: { pl: "realizacja w Shopify", en: "fulfilment in Shopify" },
  financial_status: { pl: "płatność", en: "payment" },
  window: { pl: "okno odbioru", en: "pickup window" },
  date: { pl: "dzień", en: "day" },
  min_time: { pl: "od godziny", en: "from" },
  max_time: { pl: "do godziny", en: "until" },
};

const ITEM: Names = { pl: "pozycja", en: "item" };
const PARCEL: Names = { pl: "paczka", en: "parcel" };

/** "Shipping address › postcode" for `order.shipping_address.postcode` (in the language asked). */
export function fieldName(path: string, language: Language): string {
  const lang = language === "en_GB" ? "en" : "pl";
  const names: string[] = [];
  for (const segment of path.split(".")) {
    const indexed = /^(.*?)\[(\d+)\]$/.exec(segment);
    const key = indexed ? (indexed[1] ?? "") : segment;
    if (indexed && (key === "items" || key === "line_items" || key === "parcels")) {
      const one = key === "parcels" ? PARCEL : ITEM;
      names.push(`${one[lang]} ${Number(indexed[2]) + 1}`);
      continue;
    }
    const named = PARTS[key]?.[lang] ?? key;
    names.push(indexed ? `${named} ${Number(indexed[2]) + 1}` : named);
  }
  // Everything on the page is about an order: "order" leads only when it is all there is.
  const shown = names.length > 1 && path.startsWith("order.") ? names.slice(1) : names;
  const text = shown.join(" › ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}
