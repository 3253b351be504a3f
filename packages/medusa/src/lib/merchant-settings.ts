// The merchant's settings from the admin's settings page: the sender address
// (and where the carrier collects), the carriers and lockers offered, and
// cash on delivery. Checked with core's rules (the address rules of
// checkAddress, its carriers, its IBAN check), every problem at once under
// its field's path, in English or Polish; the saved settings override the
// defaults of medusa-config.ts field by field.
import { checkAddress, type Issue, type Language, ValidationError } from "@shipbridge/core";
import {
  CARRIERS,
  isKnownCarrier,
  normalizeIban,
  normalizePolishPhone,
  normalizePostcode,
} from "@shipbridge/core/rules";
import type { PluginOptions } from "./options.ts";

type AddressOption = PluginOptions["sender"];
type ServiceOption = PluginOptions["services"][number];

/** What the settings page saves; a field left out keeps medusa-config.ts's value. */
export interface MerchantSettings {
  readonly sender?: AddressOption;
  /** Where the carrier collects parcels; null: at the sender's address. */
  readonly pickup?: AddressOption | null;
  readonly services?: ServiceOption[];
  /** The account cash on delivery is paid into; null: no cash on delivery. */
  readonly cod?: { iban: string } | null;
  /** Medusa payment provider ids that mean "paid on delivery". */
  readonly cod_payment_providers?: string[];
}

/** The fields of the settings, in the order the page shows them. */
export const SETTINGS_FIELDS = [
  "sender",
  "pickup",
  "services",
  "cod",
  "cod_payment_providers",
] as const;

const ADDRESS_FIELDS = [
  "name",
  "company",
  "street",
  "postcode",
  "city",
  "country_code",
  "phone",
  "email",
] as const;
// The sender's phone is printed on the label and called by the courier.
const REQUIRED_ADDRESS_FIELDS = new Set([
  "name",
  "street",
  "postcode",
  "city",
  "country_code",
  "phone",
]);
const SERVICE_FIELDS = ["service", "name", "pickup_point", "returns"] as const;

type Rule =
  | "invalid_type"
  | "required"
  | "unknown_field"
  | "invalid_format"
  | "too_small"
  | "carrier_unknown"
  | "invalid_value"
  | "iban_invalid"
  | "iban_required";

type Params = Readonly<Record<string, string>>;

const MESSAGES: Readonly<Record<Rule, Readonly<Record<Language, (p: Params) => string>>>> = {
  invalid_type: {
    en_GB: ({ expected = "" }) => `Must be ${expected}.`,
    pl_PL: ({ expected_pl = "" }) => `Musi być ${expected_pl}.`,
  },
  required: {
    en_GB: () => "Required.",
    pl_PL: () => "Pole wymagane.",
  },
  unknown_field: {
    en_GB: () => "Not a setting of the plugin; remove it.",
    pl_PL: () => "To nie jest ustawienie wtyczki; usuń je.",
  },
  invalid_format: {
    en_GB: () => "Must be an e-mail address such as sklep@example.com.",
    pl_PL: () => "Musi być adresem e-mail, np. sklep@example.com.",
  },
  too_small: {
    en_GB: () => "Offer at least one carrier.",
    pl_PL: () => "Zaoferuj co najmniej jednego przewoźnika.",
  },
  carrier_unknown: {
    en_GB: ({ value = "", allowed = "" }) =>
      `"${value}" is not a carrier of the service; choose one of ${allowed}.`,
    pl_PL: ({ value = "", allowed = "" }) =>
      `"${value}" nie jest przewoźnikiem usługi; wybierz jednego z: ${allowed}.`,
  },
  invalid_value: {
    en_GB: ({ value = "" }) => `"${value}" is listed twice; offer each carrier once.`,
    pl_PL: ({ value = "" }) => `"${value}" występuje dwa razy; każdego przewoźnika podaj raz.`,
  },
  iban_invalid: {
    en_GB: () =>
      "This is not a valid IBAN. A Polish IBAN is PL followed by 26 digits; check for a typo.",
    pl_PL: () =>
      "To nie jest poprawny numer IBAN. Polski IBAN to PL i 26 cyfr; sprawdź, czy nie ma literówki.",
  },
  iban_required: {
    en_GB: () => "Cash on delivery needs the IBAN of the account to pay the money into.",
    pl_PL: () => "Pobranie wymaga numeru IBAN konta, na które trafią pieniądze.",
  },
};

const TYPE_NAMES = {
  object: ["an object", "obiektem"],
  text: ["text", "tekstem"],
  list: ["a list", "listą"],
  boolean: ["true or false", "wartością true lub false"],
  object_or_null: ["an object or null", "obiektem lub null"],
} as const;

/** The carriers the settings accept: the ones core knows. */
function allowedCarriers(): string {
  return CARRIERS.join(", ");
}

type Loose = Record<string, unknown>;

function isRecord(value: unknown): value is Loose {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

class Findings {
  readonly issues: Issue[] = [];
  readonly language: Language;
  constructor(language: Language) {
    this.language = language;
  }

  add(path: string, rule: Rule, params: Params = {}): void {
    this.issues.push({ path, rule, message: MESSAGES[rule][this.language](params) });
  }

  type(path: string, expected: keyof typeof TYPE_NAMES): void {
    const [en, pl] = TYPE_NAMES[expected];
    this.add(path, "invalid_type", { expected: en, expected_pl: pl });
  }

  unknown(value: Loose, known: readonly string[], at: string): void {
    for (const key of Object.keys(value)) {
      if (!known.includes(key)) this.add(at === "" ? key : `${at}.${key}`, "unknown_field");
    }
  }
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

/** An address setting checked with core's address rules (a courier must find the door). */
function checkAddressSetting(
  value: unknown,
  at: string,
  found: Findings,
  collected: boolean,
): AddressOption | undefined {
  if (!isRecord(value)) {
    found.type(at, "object");
    return undefined;
  }
  found.unknown(value, ADDRESS_FIELDS, at);
  const before = found.issues.length;
  for (const field of ADDRESS_FIELDS) {
    const given = value[field];
    if (given === undefined || given === null || given === "") {
      if (REQUIRED_ADDRESS_FIELDS.has(field)) found.add(`${at}.${field}`, "required");
    } else if (typeof given !== "string") {
      found.type(`${at}.${field}`, "text");
    }
  }
  const email = text(value["email"]);
  if (email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    found.add(`${at}.email`, "invalid_format");
  }
  const address = {
    name: text(value["name"]),
    company: text(value["company"]),
    street: text(value["street"]),
    postcode: text(value["postcode"]),
    city: text(value["city"]),
    country_code: text(value["country_code"]),
    phone: text(value["phone"]),
  };
  const given = Object.fromEntries(
    Object.entries(address).filter(([, entry]) => entry !== undefined),
  );
  const checked = checkAddress(given as never, { delivery: "courier", language: found.language });
  if (!checked.ok) {
    const before2 = found.issues.length;
    for (const issue of checked.error.issues) {
      const path = issue.path.replace(/^address\.?/, "");
      const full = path === "" ? at : `${at}.${path}`;
      // The fields missing are named once, as required.
      if (found.issues.slice(before).some((known) => known.path === full)) continue;
      // Core's rules of a sender: its name is the shop's (no first name and
      // surname asked), and a house number only where a courier collects.
      if (issue.rule === "receiver_name_incomplete") continue;
      if (issue.rule === "house_number_missing" && !collected) continue;
      found.issues.push({ ...issue, path: full });
    }
    if (found.issues.length > before2) return undefined;
  }
  if (found.issues.length > before) return undefined;
  // Normalized as core's rules write them (the postcode's form, the phone's digits).
  const country = String(address.country_code).toUpperCase();
  const phone = String(address.phone);
  return {
    name: String(address.name),
    ...(address.company === undefined ? {} : { company: address.company }),
    street: String(address.street),
    postcode: normalizePostcode(country, String(address.postcode)),
    city: String(address.city),
    country_code: country,
    phone: country === "PL" ? (normalizePolishPhone(phone) ?? phone) : phone,
    ...(email === undefined ? {} : { email }),
  };
}

function checkServices(value: unknown, found: Findings): ServiceOption[] | undefined {
  if (!Array.isArray(value)) {
    found.type("services", "list");
    return undefined;
  }
  if (value.length === 0) found.add("services", "too_small");
  const before = found.issues.length;
  const seen = new Set<string>();
  const services: ServiceOption[] = [];
  value.forEach((entry: unknown, index) => {
    const at = `services.${index}`;
    if (!isRecord(entry)) {
      found.type(at, "object");
      return;
    }
    found.unknown(entry, SERVICE_FIELDS, at);
    const service = text(entry["service"]);
    if (service === undefined) {
      found.add(`${at}.service`, "required");
    } else if (!isKnownCarrier(service)) {
      found.add(`${at}.service`, "carrier_unknown", { value: service, allowed: allowedCarriers() });
    } else if (seen.has(service)) {
      found.add(`${at}.service`, "invalid_value", { value: service });
    }
    if (service !== undefined) seen.add(service);
    if (
      entry["name"] !== undefined &&
      entry["name"] !== null &&
      text(entry["name"]) === undefined
    ) {
      found.type(`${at}.name`, "text");
    }
    for (const flag of ["pickup_point", "returns"] as const) {
      if (entry[flag] !== undefined && typeof entry[flag] !== "boolean") {
        found.type(`${at}.${flag}`, "boolean");
      }
    }
    const name = text(entry["name"]);
    services.push({
      service: service ?? "",
      ...(name === undefined ? {} : { name }),
      pickup_point: entry["pickup_point"] === true,
      returns: entry["returns"] === true,
    });
  });
  return found.issues.length > before ? undefined : services;
}

/**
 * The settings checked against core's rules, normalized (the postcode in
 * its country's form, the phone as 9 digits, the IBAN compact), or core's
 * ValidationError naming every problem at once (`sender.phone phone_invalid`,
 * `cod.iban iban_invalid`) in `language`. `defaults`: the options of
 * medusa-config.ts, for what a field left out keeps (cash on delivery's
 * payment providers need an IBAN, given here or there).
 */
export function checkMerchantSettings(
  input: unknown,
  defaults: PluginOptions,
  language: Language = "en_GB",
): MerchantSettings {
  const found = new Findings(language);
  if (!isRecord(input)) {
    found.type("settings", "object");
    throw new ValidationError(found.issues, language);
  }
  found.unknown(input, SETTINGS_FIELDS, "");
  const settings: {
    -readonly [K in keyof MerchantSettings]: MerchantSettings[K];
  } = {};
  // The sender is where the carrier collects unless a pickup address is given.
  const pickupGiven =
    input["pickup"] === undefined ? defaults.pickup !== undefined : input["pickup"] !== null;
  if (input["sender"] !== undefined) {
    const sender = checkAddressSetting(input["sender"], "sender", found, !pickupGiven);
    if (sender !== undefined) settings.sender = sender;
  }
  if (input["pickup"] === null) settings.pickup = null;
  else if (input["pickup"] !== undefined) {
    const pickup = checkAddressSetting(input["pickup"], "pickup", found, true);
    if (pickup !== undefined) settings.pickup = pickup;
  }
  if (input["services"] !== undefined) {
    const services = checkServices(input["services"], found);
    if (services !== undefined) settings.services = services;
  }
  const cod = input["cod"];
  if (cod === null) settings.cod = null;
  else if (cod !== undefined) {
    if (!isRecord(cod)) found.type("cod", "object_or_null");
    else {
      found.unknown(cod, ["iban"], "cod");
      const given = text(cod["iban"]);
      if (given === undefined) found.add("cod.iban", "iban_required");
      else {
        const iban = normalizeIban(given);
        if (iban === undefined) found.add("cod.iban", "iban_invalid");
        else settings.cod = { iban };
      }
    }
  }
  const providers = input["cod_payment_providers"];
  if (providers !== undefined) {
    if (!Array.isArray(providers)) found.type("cod_payment_providers", "list");
    else {
      providers.forEach((entry: unknown, index) => {
        if (text(entry) === undefined) found.type(`cod_payment_providers.${index}`, "text");
      });
      settings.cod_payment_providers = providers.map((entry) => String(entry).trim());
    }
    const codAfter = cod === undefined ? defaults.cod : cod;
    if (
      Array.isArray(providers) &&
      providers.length > 0 &&
      (codAfter === null || codAfter === undefined) &&
      !found.issues.some((issue) => issue.path.startsWith("cod"))
    ) {
      found.add("cod.iban", "iban_required");
    }
  }
  if (found.issues.length > 0) throw new ValidationError(found.issues, language);
  return settings;
}

/**
 * The plugin's options with the merchant's settings over medusa-config.ts's:
 * each field the settings give replaces the default (null: none).
 */
export function withMerchantSettings(
  defaults: PluginOptions,
  settings: MerchantSettings | undefined,
): PluginOptions {
  if (settings === undefined) return defaults;
  const { pickup: defaultPickup, cod: defaultCod, ...rest } = defaults;
  const pickup = settings.pickup === undefined ? defaultPickup : (settings.pickup ?? undefined);
  const cod = settings.cod === undefined ? defaultCod : (settings.cod ?? undefined);
  const providers = settings.cod_payment_providers ?? defaults.cod_payment_providers;
  return {
    ...rest,
    sender: settings.sender ?? defaults.sender,
    ...(pickup === undefined ? {} : { pickup }),
    services: settings.services ?? defaults.services,
    ...(cod === undefined ? {} : { cod }),
    // Payment providers mean nothing without an account to pay into.
    cod_payment_providers: cod === undefined ? [] : providers,
  };
}
