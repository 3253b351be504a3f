// The message catalogue: for every rule code, a message in English and in
// Polish, filled in with the raw issue's parameters. The caller picks the
// language the same way the service's X-Language header does.

import type { MessageParams, RawIssue } from "./issue-collector.ts";
import type { Language } from "./language.ts";
import type { RuleCode } from "./rule-codes.ts";

type Template = (params: MessageParams) => string;

const TYPE_NAMES: Record<Language, Readonly<Record<string, string>>> = {
  en_GB: {
    string: "text",
    number: "a number",
    int: "a whole number",
    boolean: "true or false",
    object: "an object",
    array: "a list",
    null: "null",
    date: "a date (a Date object)",
    AbortSignal: "an AbortSignal (for example from an AbortController)",
    function: "a function",
    countries:
      "a CountryCatalog (or anything with has(code)) or the country list answer ({ list: [...] })",
  },
  pl_PL: {
    string: "tekst",
    number: "liczba",
    int: "liczba całkowita",
    boolean: "true lub false",
    object: "obiekt",
    array: "lista",
    null: "null",
    date: "data (obiekt Date)",
    AbortSignal: "AbortSignal (np. z AbortController)",
    function: "funkcja",
    countries:
      "CountryCatalog (lub obiekt z metodą has(code)) albo odpowiedź z listą krajów ({ list: [...] })",
  },
};

const FIELD_NAMES_PL: Readonly<Record<string, string>> = {
  width: "szerokość",
  depth: "długość",
  height: "wysokość",
  pickup: "pickup (adres nadania)",
  sender: "sender (nadawca)",
};

/** Zod's format names as a merchant reads them. Absent: the name itself. */
const FORMAT_NAMES: Record<Language, Readonly<Record<string, string>>> = {
  en_GB: {
    email: "an e-mail address such as jan@example.com",
    url: "a web address such as https://example.com",
    uuid: "a UUID such as 123e4567-e89b-42d3-a456-426614174000",
    date: "a date as YYYY-MM-DD, such as 2026-09-01",
    time: "a time as HH:MM, such as 13:00",
    datetime: "a date and time such as 2026-09-01T13:00:00Z",
    time_zone: "an IANA time zone such as Europe/Warsaw",
  },
  pl_PL: {
    email: "adres e-mail, np. jan@example.com",
    url: "adres strony, np. https://example.com",
    uuid: "UUID, np. 123e4567-e89b-42d3-a456-426614174000",
    date: "data w formacie RRRR-MM-DD, np. 2026-09-01",
    time: "godzina w formacie GG:MM, np. 13:00",
    datetime: "data i godzina, np. 2026-09-01T13:00:00Z",
    time_zone: "strefa czasowa IANA, np. Europe/Warsaw",
  },
};

/** A country's name in English ("Poland"), or its code when the runtime does not know it. */
function countryName(code: string, language: "en" | "pl"): string {
  try {
    return new Intl.DisplayNames([language], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** "w Polsce", else "w kraju Niemcy (DE)": Polish names decline, so the others keep the nominative. */
function countryPl(code: string): string {
  if (code === "PL") return "w Polsce";
  const name = countryName(code, "pl");
  return name === code ? `w kraju ${code}` : `w kraju ${name} (${code})`;
}

function p(params: MessageParams, key: string): string {
  const value = params[key];
  return value === undefined ? "" : String(value);
}

function typeName(language: Language, params: MessageParams): string {
  const expected = p(params, "expected");
  return TYPE_NAMES[language][expected] ?? expected;
}

function fieldPl(params: MessageParams): string {
  const field = p(params, "field");
  return FIELD_NAMES_PL[field] ?? field;
}

/** The Polish field name at the start of a sentence. */
function fieldPlCapitalized(params: MessageParams): string {
  const name = fieldPl(params);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** A number as Polish writes it: a decimal comma (29,5). */
function numberPl(params: MessageParams, key: string): string {
  const value = params[key];
  return typeof value === "number" ? String(value).replace(".", ",") : p(params, key);
}

function formatName(language: Language, params: MessageParams): string {
  const format = p(params, "format");
  return FORMAT_NAMES[language][format] ?? format;
}

/** "1 item", "2 items". */
function countEn(count: string, one: string, many: string): string {
  return `${count} ${count === "1" ? one : many}`;
}

/** Polish plural forms: 1 znak, 2–4 (not 12–14) znaki, otherwise znaków. */
function countPl(count: string, one: string, few: string, many: string): string {
  const n = Number(count);
  if (n === 1) return `${count} ${one}`;
  const units = n % 10;
  const tens = n % 100;
  const form = units >= 2 && units <= 4 && (tens < 12 || tens > 14) ? few : many;
  return `${count} ${form}`;
}

function bound(params: MessageParams, key: "minimum" | "maximum"): string {
  return p(params, key);
}

const en: Record<RuleCode, Template> = {
  required: () => "This field is required.",
  invalid_type: (x) => `Expected ${typeName("en_GB", x)}.`,
  invalid_value: (x) =>
    p(x, "allowed") === ""
      ? "This value is not allowed."
      : `This value is not allowed; use one of: ${p(x, "allowed")}.`,
  invalid_format: (x) =>
    p(x, "format") === ""
      ? "The format is wrong."
      : `The format is wrong: expected ${formatName("en_GB", x)}.`,
  too_small: (x) => {
    const min = bound(x, "minimum");
    switch (p(x, "origin")) {
      case "string":
        return min === "1"
          ? "This field must not be empty."
          : `Give at least ${countEn(min, "character", "characters")}.`;
      case "array":
        return `Give at least ${countEn(min, "item", "items")}.`;
      default:
        return p(x, "inclusive") === "yes"
          ? `Must be at least ${min}.`
          : `Must be greater than ${min}.`;
    }
  },
  too_big: (x) => {
    const max = bound(x, "maximum");
    switch (p(x, "origin")) {
      case "string":
        return `Give at most ${countEn(max, "character", "characters")}.`;
      case "array":
        return `Give at most ${countEn(max, "item", "items")}.`;
      default:
        return p(x, "inclusive") === "yes"
          ? `Must be at most ${max}.`
          : `Must be less than ${max}.`;
    }
  },
  unknown_field: (x) => `Unknown field "${p(x, "field")}": remove it or check its spelling.`,
  reserved_character: (x) =>
    p(x, "character") === ""
      ? "This value contains a reserved character; remove it."
      : `Remove the character "${p(x, "character")}": it is reserved and may not appear in this value.`,
  service_required: () =>
    "Give the carrier, either as service (a name such as dpd) or as service_id (from your account services).",
  location_required: () => "Give the place to search near: coordinates, search_phrase or address.",
  input_unreadable: () => "The data could not be read; send plain JSON values.",
  pickup_window_invalid: () =>
    "The pickup window must end after it starts: max_time must be later than min_time.",
  date_range_invalid: (x) =>
    p(x, "to") === ""
      ? "date_to must not be earlier than date_from."
      : `${p(x, "to")} must not be earlier than ${p(x, "from")}.`,
  field_removed: (x) => {
    const when = p(x, "version") === "" ? "" : ` in ${p(x, "version")}`;
    const instead =
      p(x, "replacement") === "" ? "remove it" : `use "${p(x, "replacement")}" instead`;
    return `"${p(x, "field")}" was removed from the API${when}: ${instead}.`;
  },
  field_renamed: (x) =>
    `"${p(x, "field")}" was renamed "${p(x, "replacement")}" in ${p(x, "version")}; it is sent as "${p(x, "replacement")}". Please use the new name.`,
  field_renamed_duplicate: (x) =>
    `"${p(x, "field")}" was renamed "${p(x, "replacement")}" in ${p(x, "version")}; both were given, so "${p(x, "field")}" is ignored.`,
  value_renamed: (x) =>
    `"${p(x, "value")}" is called "${p(x, "replacement")}" since ${p(x, "version")}; it is sent as "${p(x, "replacement")}".`,
  digital_label_legacy: (x) =>
    `digital_label is true or false since ${p(x, "version")}; the text value is read as true.`,
  legacy_field_read: (x) =>
    p(x, "replacement") === ""
      ? `The service answered with the legacy field "${p(x, "field")}", which no longer exists; it was dropped.`
      : `The service answered with the legacy field "${p(x, "field")}"; it was read as "${p(x, "replacement")}".`,
  regions_with_country_code: () => "Give either regions or country_code, not both.",
  country_invalid: () =>
    "Not a country code: use a two-letter ISO 3166-1 code in capitals, such as PL.",
  country_not_supported: (x) => `The service does not accept the country ${p(x, "country")}.`,
  country_unverified: (x) =>
    `The country ${p(x, "country")} is not on the built-in list of countries the service ships to, which may be incomplete; load the live country list from the service to check it.`,
  flag_not_offered: (x) => `The carrier ${p(x, "carrier")} does not offer ${p(x, "flag")}.`,
  delivery_time_invalid: () =>
    'Give the delivery time as { "from": "HH:MM", "to": "HH:MM" }, with from no later than to, for example { "from": "13:00", "to": "15:00" }.',
  delivery_time_out_of_range: (x) =>
    `For ${p(x, "carrier")}, the delivery time must be between ${p(x, "from")} and ${p(x, "to")}.`,
  postal_flag_forbidden: (x) =>
    `From ${p(x, "date")}, the postal carrier (poczta) no longer accepts ${p(x, "flag")} on shipments under your own contract: remove it.`,
  postal_contract_unknown: (x) =>
    `If this poczta shipment runs on your own contract, the service refuses ${p(x, "flag")} on it from ${p(x, "date")}: remove it, or choose the service by its service_id so that the contract is known.`,
  postal_express_default: (x) =>
    `No postal service is chosen, so this own-contract poczta shipment will be sent as an express parcel (since ${p(x, "version")}). Set additional_services.${p(x, "flag")} to true to send it as Kurier 48 instead.`,
  address_required: (x) =>
    `${p(x, "field")} is required: only ${p(x, "carrier")} shipments on your own contract may leave it null, because that carrier contract supplies it.`,
  text_forbidden_character: (x) =>
    `This text contains an invisible control or text-direction character (${p(x, "character")}, character ${p(x, "position")}); remove it.`,
  receiver_name_incomplete: () => "Give the receiver's first name and surname, or a company name.",
  phone_invalid: () =>
    "A Polish phone number has exactly 9 digits, for example 600100200 or +48 600 100 200.",
  postcode_invalid: (x) =>
    `Postcodes in ${countryName(p(x, "country"), "en")} are written ${p(x, "form")}, for example ${p(x, "example")}; check this postcode.`,
  postcode_city_mismatch: (x) =>
    `The postcode ${p(x, "postcode")} belongs to ${p(x, "cities")}, not to ${p(x, "city")}; check the postcode and the city.`,
  postcode_normalized: (x) =>
    `The postcode ${p(x, "from")} was rewritten as ${p(x, "to")}, the form used in ${p(x, "country")}.`,
  house_number_missing: (x) =>
    `The street "${p(x, "street")}" has no house number; a courier cannot find the door without one. Add the number (for example ${p(x, "street")} 12, or 12/4 for a flat).`,
  dimension_invalid: (x) => `The ${p(x, "field")} must be a positive number of centimetres.`,
  dimension_rounded: (x) =>
    `The ${p(x, "field")} of ${p(x, "from")} cm was rounded up to ${p(x, "to")} cm: the service takes whole centimetres.`,
  weight_invalid: () => "The weight must be a positive number of kilograms.",
  cod_amount_invalid: () =>
    "The cash-on-delivery amount must be positive, with at most two decimal places.",
  iban_required: () => "Cash on delivery needs the IBAN of the account to pay the money into.",
  iban_invalid: () =>
    "This is not a valid IBAN. A Polish IBAN is PL followed by 26 digits; check for a typo.",
  amount_whole_grosze: () =>
    "Give the amount in złoty with at most two decimal places (whole grosze), such as 19.99.",
  currency_not_supported: (x) =>
    `The account is kept in ${p(x, "currency")}: give currency ${p(x, "currency")}, or leave it out.`,
  service_unavailable: (x) =>
    p(x, "service_id") === ""
      ? `The carrier "${p(x, "carrier")}" is not available on your account (GET /account/services).`
      : `service_id ${p(x, "service_id")} is not one of your account's services (GET /account/services).`,
  carrier_unknown: (x) =>
    p(x, "carrier") === ""
      ? "The carrier of this number cannot be recognised; give service (e.g. inpost, dpd, poczta)."
      : `The carrier "${p(x, "carrier")}" is not known; use one of: ${p(x, "allowed")}.`,
  carrier_mismatch: (x) =>
    `The number ${p(x, "number")} has the format of ${p(x, "carrier")}, not ${p(x, "service")}.`,
  pickup_unavailable: (x) => {
    switch (p(x, "reason")) {
      case "not_found":
        return `There is no package ${p(x, "package_id")} on this account.`;
      case "already_ordered":
        return `A pickup (${p(x, "pickup_number")}) is already ordered for package ${p(x, "package_id")}.`;
      default:
        return `Package ${p(x, "package_id")} must be ordered, not cancelled and not yet collected to order a courier for it.`;
    }
  },
  pickup_one_carrier: (x) =>
    `One pickup serves one carrier; these packages go with ${p(x, "carriers")}.`,
  pickup_not_needed: (x) =>
    `Package ${p(x, "package_id")} is handed in by the sender at point ${p(x, "point")}, so no courier pickup is needed for it.`,
  pickup_date_unavailable: (x) =>
    `No courier comes on ${p(x, "date")}; choose a day from POST /packages/pickup-date-proposals.`,
  pickup_outside_window: (x) =>
    p(x, "field") === "max_time"
      ? `max_time must be after min_time and at most ${p(x, "to")}.`
      : `min_time must be from ${p(x, "from")} and before ${p(x, "to")}.`,
  point_unavailable: (x) => {
    // The issue's path names the field already: the sentence names the point alone.
    const point = p(x, "point");
    switch (p(x, "reason")) {
      case "not_found":
        return `There is no point ${point}; choose another point on the map.`;
      case "closed":
        return `Point ${point} is closed and takes no parcels; choose another point on the map.`;
      case "holiday":
        return `Point ${point} is closed for a holiday; choose another point on the map.`;
      case "other_carrier":
        return `Point ${point} belongs to ${p(x, "pointCarrier")}, but the package ships with ${p(x, "carrier")}; choose a point of ${p(x, "carrier")}.`;
      case "not_delivery_point":
        return `Point ${point} does not hand parcels out to receivers; choose another point on the map.`;
      case "not_send_point":
        return `Point ${point} does not take parcels in from senders; choose a point of the same carrier that does.`;
      case "too_heavy":
        return `Point ${point} takes parcels up to ${p(x, "limit")} kg; this one weighs ${p(x, "actual")} kg; choose a point that takes it, or send it another way.`;
      default:
        return `Point ${point} cannot take this package; choose another point on the map.`;
    }
  },
  carrier_weight_limit: (x) =>
    `${p(x, "carrier")} takes parcels up to ${p(x, "limit")} kg; this one weighs ${p(x, "actual")} kg.`,
  carrier_length_limit: (x) =>
    `${p(x, "carrier")} takes parcels whose longest side is at most ${p(x, "limit")} cm; this one has ${p(x, "actual")} cm.`,
  package_listed_twice: (x) => `Package ${p(x, "package_id")} is listed more than once.`,
  package_not_found: (x) => `There is no package ${p(x, "package_id")} on this account.`,
  package_not_ordered: (x) => {
    const id = p(x, "package_id");
    switch (p(x, "action")) {
      case "cancel":
        return `Package ${id} is not ordered, so there is nothing to cancel.`;
      case "pickup":
        return `Package ${id} is not ordered yet; order it before ordering only its pickup.`;
      case "documents":
        return `Package ${id} is not ordered, so it has no documents.`;
      default:
        return `Package ${id} is not ordered.`;
    }
  },
  package_already_ordered: (x) =>
    p(x, "command") === ""
      ? `Package ${p(x, "package_id")} is already ordered; it is not ordered or charged again.`
      : `Package ${p(x, "package_id")} was already ordered by command ${p(x, "command")}; it is not ordered or charged again.`,
  package_cancelled: (x) => {
    const id = p(x, "package_id");
    switch (p(x, "action")) {
      case "order":
        return `Package ${id} was cancelled and cannot be ordered.`;
      case "documents":
        return `Package ${id} was cancelled, so it has no documents.`;
      default:
        return `Package ${id} was cancelled.`;
    }
  },
  package_already_cancelled: (x) =>
    p(x, "command") === ""
      ? `Package ${p(x, "package_id")} is already cancelled; it is not refunded again.`
      : `Package ${p(x, "package_id")} was already cancelled by command ${p(x, "command")}; it is not refunded again.`,
  package_not_cancellable: (x) =>
    `Package ${p(x, "package_id")} has been collected by the courier and can no longer be cancelled.`,
  protocol_one_carrier: (x) =>
    `A handover protocol serves one carrier: this one is for ${p(x, "carrier")}, but package ${p(x, "package_id")} goes with ${p(x, "service")}. Ask for a separate protocol for ${p(x, "service")}.`,
  protocol_pdf_only: () =>
    "A handover protocol is a PDF: leave file_format out or set it to pdf (ZPL is for labels).",
  not_a_batch_option: (x) =>
    p(x, "option") === "label"
      ? "shipBatch fetches no labels (a store fetches them when it prints, one by one or in one file): remove this option."
      : "shipBatch names each order's package itself (storeId:orderId), so that a rerun and shipOrder find it: remove this option.",
  order_listed_twice: (x) =>
    `Order "${p(x, "order_id")}" is listed more than once (first at ${p(x, "first")}); list each order once.`,
  tracking_push_control_mismatch: () =>
    "The control checksum does not match: this push was not signed with your webhook secret, or it was changed on the way. Do not act on it.",
  // The order-to-package mapping.
  pickup_point_dropped: (x) =>
    `The pickup point ${p(x, "point")} belongs to ${p(x, "pointCarrier")}, but the order ships with ${p(x, "carrier")} (the shipping method changed after the point was chosen), so the point was left out and the parcel goes to the address.`,
  pickup_point_unverified: (x) =>
    `The carrier of service_id ${p(x, "serviceId")} is unknown (pass accountServices to check it), so the pickup point ${p(x, "point")} of ${p(x, "pointCarrier")} was kept without checking that it matches.`,
  bidi_characters_removed: (x) =>
    `Invisible text-direction characters (${p(x, "characters")}) were removed from this text: they change how an address is displayed, not what it says, and the service does not accept them.`,
  // Parcels of one order.
  item_fits_no_box: (x) =>
    `"${p(x, "name")}" (${p(x, "weight")} kg) fits none of the boxes: it is heavier or larger than each of them${p(x, "limit") === "" ? "" : ` or than the carrier takes (${p(x, "limit")})`}. Add a larger box, or ship it on its own.`,
  split_quantity_mismatch: (x) =>
    `The split places ${p(x, "placed")} of the ${p(x, "quantity")} units of "${p(x, "name")}" (item ${p(x, "item")}); place every unit in exactly one parcel.`,
  cod_split_unsupported: () =>
    'The service collects cash on delivery for the whole package, not per parcel: use cod "first_parcel" (the amount is collected with parcel 1).',
};

const pl: Record<RuleCode, Template> = {
  required: () => "To pole jest wymagane.",
  invalid_type: (x) => `Oczekiwano wartości typu: ${typeName("pl_PL", x)}.`,
  invalid_value: (x) =>
    p(x, "allowed") === ""
      ? "Ta wartość jest niedozwolona."
      : `Ta wartość jest niedozwolona; użyj jednej z: ${p(x, "allowed")}.`,
  invalid_format: (x) =>
    p(x, "format") === ""
      ? "Nieprawidłowy format."
      : `Nieprawidłowy format. Oczekiwano: ${formatName("pl_PL", x)}.`,
  too_small: (x) => {
    const min = bound(x, "minimum");
    switch (p(x, "origin")) {
      case "string":
        return min === "1"
          ? "To pole nie może być puste."
          : `Podaj co najmniej ${countPl(min, "znak", "znaki", "znaków")}.`;
      case "array":
        return `Podaj co najmniej ${countPl(min, "element", "elementy", "elementów")}.`;
      default:
        return p(x, "inclusive") === "yes"
          ? `Wartość musi wynosić co najmniej ${min}.`
          : `Wartość musi być większa niż ${min}.`;
    }
  },
  too_big: (x) => {
    const max = bound(x, "maximum");
    switch (p(x, "origin")) {
      case "string":
        return `Podaj co najwyżej ${countPl(max, "znak", "znaki", "znaków")}.`;
      case "array":
        return `Podaj co najwyżej ${countPl(max, "element", "elementy", "elementów")}.`;
      default:
        return p(x, "inclusive") === "yes"
          ? `Wartość może wynosić co najwyżej ${max}.`
          : `Wartość musi być mniejsza niż ${max}.`;
    }
  },
  unknown_field: (x) => `Nieznane pole „${p(x, "field")}”: usuń je lub popraw pisownię.`,
  reserved_character: (x) =>
    p(x, "character") === ""
      ? "Ta wartość zawiera zastrzeżony znak; usuń go."
      : `Usuń znak „${p(x, "character")}”: jest zastrzeżony i nie może wystąpić w tej wartości.`,
  service_required: () =>
    "Podaj przewoźnika: jako service (nazwę, np. dpd) albo jako service_id (z usług Twojego konta).",
  location_required: () =>
    "Podaj miejsce, w pobliżu którego szukać: coordinates, search_phrase albo address.",
  input_unreadable: () => "Nie udało się odczytać danych; wyślij zwykłe wartości JSON.",
  pickup_window_invalid: () =>
    "Okno odbioru musi kończyć się po swoim początku: max_time musi być późniejsze niż min_time.",
  date_range_invalid: (x) =>
    p(x, "to") === ""
      ? "date_to nie może być wcześniejsze niż date_from."
      : `${p(x, "to")} nie może być wcześniejsze niż ${p(x, "from")}.`,
  field_removed: (x) => {
    const when = p(x, "version") === "" ? "" : ` w wersji ${p(x, "version")}`;
    const instead =
      p(x, "replacement") === "" ? "usuń je" : `użyj zamiast niego „${p(x, "replacement")}”`;
    return `Pole „${p(x, "field")}” zostało usunięte z API${when}: ${instead}.`;
  },
  field_renamed: (x) =>
    `Pole „${p(x, "field")}” zmieniło nazwę na „${p(x, "replacement")}” w wersji ${p(x, "version")}; zostanie wysłane jako „${p(x, "replacement")}”. Używaj nowej nazwy.`,
  field_renamed_duplicate: (x) =>
    `Pole „${p(x, "field")}” zmieniło nazwę na „${p(x, "replacement")}” w wersji ${p(x, "version")}; podano oba, więc „${p(x, "field")}” zostaje pominięte.`,
  value_renamed: (x) =>
    `„${p(x, "value")}” nazywa się „${p(x, "replacement")}” od wersji ${p(x, "version")}; zostanie wysłane jako „${p(x, "replacement")}”.`,
  digital_label_legacy: (x) =>
    `digital_label przyjmuje true lub false od wersji ${p(x, "version")}; wartość tekstowa została odczytana jako true.`,
  legacy_field_read: (x) =>
    p(x, "replacement") === ""
      ? `Serwis zwrócił przestarzałe pole „${p(x, "field")}”, które już nie istnieje; zostało pominięte.`
      : `Serwis zwrócił przestarzałe pole „${p(x, "field")}”; odczytano je jako „${p(x, "replacement")}”.`,
  regions_with_country_code: () => "Podaj regions albo country_code, nie oba naraz.",
  country_invalid: () =>
    "To nie jest kod kraju: użyj dwuliterowego kodu ISO 3166-1 wielkimi literami, np. PL.",
  country_not_supported: (x) => `Serwis nie obsługuje kraju ${p(x, "country")}.`,
  country_unverified: (x) =>
    `Kraju ${p(x, "country")} nie ma na wbudowanej liście krajów obsługiwanych przez serwis, a ta lista może być niepełna; wczytaj aktualną listę krajów z serwisu, aby to sprawdzić.`,
  flag_not_offered: (x) => `Przewoźnik ${p(x, "carrier")} nie oferuje usługi ${p(x, "flag")}.`,
  delivery_time_invalid: () =>
    'Podaj godziny doręczenia jako { "from": "GG:MM", "to": "GG:MM" }, gdzie from nie jest późniejsze niż to, np. { "from": "13:00", "to": "15:00" }.',
  delivery_time_out_of_range: (x) =>
    `Dla przewoźnika ${p(x, "carrier")} godzina doręczenia musi mieścić się między ${p(x, "from")} a ${p(x, "to")}.`,
  postal_flag_forbidden: (x) =>
    `Od ${p(x, "date")} Poczta Polska (poczta) nie przyjmuje usługi ${p(x, "flag")} w przesyłkach na Twojej własnej umowie: usuń ją.`,
  postal_contract_unknown: (x) =>
    `Jeśli ta przesyłka Poczty Polskiej (poczta) jest nadawana na Twojej własnej umowie, od ${p(x, "date")} serwis odrzuci w niej usługę ${p(x, "flag")}: usuń ją albo wybierz usługę przez service_id, aby było wiadomo, jakiej umowy dotyczy.`,
  postal_express_default: (x) =>
    `Nie wybrano usługi pocztowej, więc ta przesyłka Poczty Polskiej (poczta) na Twojej własnej umowie zostanie nadana jako przesyłka ekspresowa (od wersji ${p(x, "version")}). Ustaw additional_services.${p(x, "flag")} na true, aby nadać ją jako Kurier 48.`,
  address_required: (x) =>
    `Pole ${fieldPl(x)} jest wymagane: tylko przesyłki przewoźnika ${p(x, "carrier")} na Twojej własnej umowie mogą je pominąć (null), bo wtedy dane pochodzą z umowy z przewoźnikiem.`,
  text_forbidden_character: (x) =>
    `Ten tekst zawiera niewidoczny znak sterujący lub zmieniający kierunek tekstu (${p(x, "character")}, znak nr ${p(x, "position")}); usuń go.`,
  receiver_name_incomplete: () => "Podaj imię i nazwisko odbiorcy albo nazwę firmy.",
  phone_invalid: () =>
    "Polski numer telefonu ma dokładnie 9 cyfr, np. 600100200 lub +48 600 100 200.",
  postcode_invalid: (x) =>
    `Kody pocztowe ${countryPl(p(x, "country"))} mają postać ${p(x, "form")}, np. ${p(x, "example")}; sprawdź ten kod.`,
  postcode_city_mismatch: (x) =>
    `Kod pocztowy ${p(x, "postcode")} należy do miejscowości ${p(x, "cities")}, a nie ${p(x, "city")}; sprawdź kod i miejscowość.`,
  postcode_normalized: (x) =>
    `Kod pocztowy ${p(x, "from")} zapisano jako ${p(x, "to")}, w postaci używanej w kraju ${p(x, "country")}.`,
  house_number_missing: (x) =>
    `Ulica „${p(x, "street")}” nie ma numeru domu; kurier bez niego nie znajdzie drzwi. Dopisz numer (np. ${p(x, "street")} 12 albo 12/4 dla mieszkania).`,
  dimension_invalid: (x) => `${fieldPlCapitalized(x)} musi być dodatnią liczbą centymetrów.`,
  dimension_rounded: (x) =>
    `${fieldPlCapitalized(x)} ${numberPl(x, "from")} cm zaokrąglono w górę do ${numberPl(x, "to")} cm: serwis przyjmuje pełne centymetry.`,
  weight_invalid: () => "Waga musi być dodatnią liczbą kilogramów.",
  cod_amount_invalid: () =>
    "Kwota pobrania musi być dodatnia i mieć najwyżej dwa miejsca po przecinku.",
  iban_required: () => "Pobranie wymaga numeru IBAN konta, na które trafią pieniądze.",
  iban_invalid: () =>
    "To nie jest poprawny numer IBAN. Polski IBAN to PL i 26 cyfr; sprawdź, czy nie ma literówki.",
  amount_whole_grosze: () =>
    "Podaj kwotę w złotych z najwyżej dwoma miejscami po przecinku (pełne grosze), np. 19,99.",
  currency_not_supported: (x) =>
    `Konto jest prowadzone w ${p(x, "currency")}: podaj currency ${p(x, "currency")} albo pomiń to pole.`,
  service_unavailable: (x) =>
    p(x, "service_id") === ""
      ? `Przewoźnik "${p(x, "carrier")}" nie jest dostępny na Twoim koncie (GET /account/services).`
      : `service_id ${p(x, "service_id")} nie jest jedną z usług Twojego konta (GET /account/services).`,
  carrier_unknown: (x) =>
    p(x, "carrier") === ""
      ? "Nie można rozpoznać przewoźnika tego numeru; podaj service (np. inpost, dpd, poczta)."
      : `Przewoźnik „${p(x, "carrier")}” jest nieznany; użyj jednego z: ${p(x, "allowed")}.`,
  carrier_mismatch: (x) =>
    `Numer ${p(x, "number")} ma format przewoźnika ${p(x, "carrier")}, a nie ${p(x, "service")}.`,
  pickup_unavailable: (x) => {
    switch (p(x, "reason")) {
      case "not_found":
        return `Na tym koncie nie ma przesyłki ${p(x, "package_id")}.`;
      case "already_ordered":
        return `Dla przesyłki ${p(x, "package_id")} zamówiono już odbiór ${p(x, "pickup_number")}.`;
      default:
        return `Przesyłka ${p(x, "package_id")} musi być zamówiona, nieanulowana i jeszcze nieodebrana, aby zamówić kuriera.`;
    }
  },
  pickup_one_carrier: (x) =>
    `Jeden odbiór obejmuje przesyłki jednego przewoźnika, a podano: ${p(x, "carriers")}.`,
  pickup_not_needed: (x) =>
    `Przesyłkę ${p(x, "package_id")} nadawca nadaje w punkcie ${p(x, "point")}, więc nie trzeba zamawiać po nią kuriera.`,
  pickup_date_unavailable: (x) =>
    `Kurier nie przyjedzie ${p(x, "date")}; wybierz dzień z POST /packages/pickup-date-proposals.`,
  pickup_outside_window: (x) =>
    p(x, "field") === "max_time"
      ? `max_time musi być po min_time i najpóźniej ${p(x, "to")}.`
      : `min_time musi być od ${p(x, "from")} i przed ${p(x, "to")}.`,
  point_unavailable: (x) => {
    const point = p(x, "point");
    switch (p(x, "reason")) {
      case "not_found":
        return `Nie ma punktu ${point}; wybierz inny punkt na mapie.`;
      case "closed":
        return `Punkt ${point} jest nieczynny i nie przyjmuje przesyłek; wybierz inny punkt na mapie.`;
      case "holiday":
        return `Punkt ${point} jest zamknięty na czas przerwy świątecznej; wybierz inny punkt na mapie.`;
      case "other_carrier":
        return `Punkt ${point} należy do przewoźnika ${p(x, "pointCarrier")}, a przesyłka jest wysyłana przez ${p(x, "carrier")}; wybierz punkt przewoźnika ${p(x, "carrier")}.`;
      case "not_delivery_point":
        return `Punkt ${point} nie wydaje przesyłek odbiorcom; wybierz inny punkt na mapie.`;
      case "not_send_point":
        return `Punkt ${point} nie przyjmuje przesyłek od nadawców; wybierz punkt tego samego przewoźnika, który je przyjmuje.`;
      case "too_heavy":
        return `Punkt ${point} przyjmuje paczki do ${numberPl(x, "limit")} kg, a ta waży ${numberPl(x, "actual")} kg; wybierz punkt, który ją przyjmie, albo wyślij ją inaczej.`;
      default:
        return `Punkt ${point} nie może przyjąć tej przesyłki; wybierz inny punkt na mapie.`;
    }
  },
  carrier_weight_limit: (x) =>
    `${p(x, "carrier")} przyjmuje paczki do ${numberPl(x, "limit")} kg, a ta waży ${numberPl(x, "actual")} kg.`,
  carrier_length_limit: (x) =>
    `${p(x, "carrier")} przyjmuje paczki o najdłuższym boku do ${numberPl(x, "limit")} cm, a ta ma ${numberPl(x, "actual")} cm.`,
  package_listed_twice: (x) => `Przesyłka ${p(x, "package_id")} występuje więcej niż raz.`,
  package_not_found: (x) => `Na tym koncie nie ma przesyłki ${p(x, "package_id")}.`,
  package_not_ordered: (x) => {
    const id = p(x, "package_id");
    switch (p(x, "action")) {
      case "cancel":
        return `Przesyłka ${id} nie jest zamówiona, więc nie ma czego anulować.`;
      case "pickup":
        return `Przesyłka ${id} nie jest jeszcze zamówiona; zamów ją przed zamówieniem samego odbioru.`;
      case "documents":
        return `Przesyłka ${id} nie jest zamówiona, więc nie ma dokumentów.`;
      default:
        return `Przesyłka ${id} nie jest zamówiona.`;
    }
  },
  package_already_ordered: (x) =>
    p(x, "command") === ""
      ? `Przesyłka ${p(x, "package_id")} jest już zamówiona; nie jest zamawiana ani obciążana ponownie.`
      : `Przesyłka ${p(x, "package_id")} została już zamówiona poleceniem ${p(x, "command")}; nie jest zamawiana ani obciążana ponownie.`,
  package_cancelled: (x) => {
    const id = p(x, "package_id");
    switch (p(x, "action")) {
      case "order":
        return `Przesyłka ${id} została anulowana i nie można jej zamówić.`;
      case "documents":
        return `Przesyłka ${id} została anulowana, więc nie ma dokumentów.`;
      default:
        return `Przesyłka ${id} została anulowana.`;
    }
  },
  package_already_cancelled: (x) =>
    p(x, "command") === ""
      ? `Przesyłka ${p(x, "package_id")} jest już anulowana; nie jest zwracana ponownie.`
      : `Przesyłka ${p(x, "package_id")} została już anulowana poleceniem ${p(x, "command")}; nie jest zwracana ponownie.`,
  package_not_cancellable: (x) =>
    `Przesyłka ${p(x, "package_id")} została odebrana przez kuriera i nie można jej już anulować.`,
  protocol_one_carrier: (x) =>
    `Protokół nadania obejmuje jednego przewoźnika: ten jest dla ${p(x, "carrier")}, a przesyłka ${p(x, "package_id")} jedzie z ${p(x, "service")}. Poproś o osobny protokół dla ${p(x, "service")}.`,
  protocol_pdf_only: () =>
    "Protokół nadania jest plikiem PDF: pomiń file_format albo ustaw pdf (ZPL jest dla etykiet).",
  not_a_batch_option: (x) =>
    p(x, "option") === "label"
      ? "shipBatch nie pobiera etykiet (sklep pobiera je przy drukowaniu, pojedynczo lub w jednym pliku): usuń tę opcję."
      : "shipBatch sam nadaje referencję przesyłce każdego zamówienia (storeId:orderId), aby ponowne uruchomienie i shipOrder ją znalazły: usuń tę opcję.",
  order_listed_twice: (x) =>
    `Zamówienie „${p(x, "order_id")}” występuje więcej niż raz (pierwszy raz w ${p(x, "first")}); podaj każde zamówienie raz.`,
  tracking_push_control_mismatch: () =>
    "Suma kontrolna control się nie zgadza: to powiadomienie nie zostało podpisane Twoim sekretem albo zmieniono je po drodze. Nie uwzględniaj go.",
  // The order-to-package mapping.
  pickup_point_dropped: (x) =>
    `Punkt odbioru ${p(x, "point")} należy do przewoźnika ${p(x, "pointCarrier")}, a zamówienie jest wysyłane przez ${p(x, "carrier")} (metoda dostawy zmieniła się po wyborze punktu), więc punkt pominięto i przesyłka trafi pod adres.`,
  pickup_point_unverified: (x) =>
    `Przewoźnik usługi service_id ${p(x, "serviceId")} jest nieznany (przekaż accountServices, aby to sprawdzić), więc punkt odbioru ${p(x, "point")} przewoźnika ${p(x, "pointCarrier")} pozostawiono bez sprawdzenia.`,
  bidi_characters_removed: (x) =>
    `Z tego tekstu usunięto niewidoczne znaki zmieniające kierunek tekstu (${p(x, "characters")}): zmieniają one sposób wyświetlania adresu, a nie jego treść, i serwis ich nie przyjmuje.`,
  // Paczki jednego zamówienia.
  item_fits_no_box: (x) =>
    `„${p(x, "name")}” (${numberPl(x, "weight")} kg) nie mieści się w żadnym kartonie: jest cięższy lub większy niż każdy z nich${p(x, "limit") === "" ? "" : ` albo niż przyjmuje przewoźnik (${p(x, "limit")})`}. Dodaj większy karton albo wyślij go osobno.`,
  split_quantity_mismatch: (x) =>
    `Podział umieszcza ${p(x, "placed")} z ${p(x, "quantity")} sztuk „${p(x, "name")}” (pozycja ${p(x, "item")}); każdą sztukę umieść w dokładnie jednej paczce.`,
  cod_split_unsupported: () =>
    'Serwis pobiera pobranie za całą przesyłkę, a nie za każdą paczkę: użyj cod "first_parcel" (kwotę pobiera się przy paczce 1).',
};

/** The message templates, by language and rule code. */
export const MESSAGES: Readonly<Record<Language, Readonly<Record<RuleCode, Template>>>> = {
  en_GB: en,
  pl_PL: pl,
};

/** The message of a raw issue in the given language. */
export function renderMessage(issue: RawIssue, language: Language): string {
  return MESSAGES[language][issue.rule](issue.params);
}
