// The shop's settings as the merchant edits them, in one shape for the
// settings page and for code (ShopMerchant): reading them from what is
// stored, and checking a change before it is saved. Both faces use these
// checks, so a bad value is refused the same way, with its field path and a
// message in the shop's language.
import { checkAddress, type Issue, type Language } from "@shipbridge/core";
import type { Address } from "@shipbridge/core/schemas";
import {
  LABEL_FORMATS,
  type LabelFormat,
  type ShipOn,
  type ShopSettings,
} from "../store/settings.ts";

/** When orders ship: when paid, when placed, or when the merchant presses "Ship". */
export type ShipMode = "paid" | "created" | "manual";

export interface ShopSettingsView {
  /** The merchant's address printed on labels, and where parcels are collected. */
  readonly sender: Address | null;
  /** The usual box, centimetres. */
  readonly parcel: {
    readonly width: number;
    readonly depth: number;
    readonly height: number;
  } | null;
  /** The carrier for orders whose shipping rate this app did not offer. */
  readonly defaultService: string;
  /** Carriers offered at checkout. */
  readonly services: readonly string[];
  /** Carriers whose lockers and pickup points are offered at checkout. */
  readonly pointServices: readonly string[];
  /** Offered at checkout when the service cannot quote in time (price in major units). */
  readonly backupRate: { readonly name: string; readonly price: number } | null;
  /** The IBAN cash-on-delivery payments go to. */
  readonly codIban: string | null;
  readonly shipOn: ShipMode;
  /** Whether Shopify e-mails the customer the tracking number. */
  readonly notifyCustomer: boolean;
  /** Whether checkout asks the app for rates (registers the carrier service). */
  readonly ratesEnabled: boolean;
  /** The language of the settings page and of the problems it lists. */
  readonly language: "pl" | "en";
  /** A batch's one file of labels: `pdf_a6` (label printer), `pdf_a4` (four a page) or `zpl`. */
  readonly labelFormat: LabelFormat;
}

const SHIP_MODES: Readonly<Record<ShipMode, ShipOn>> = {
  paid: "orders/paid",
  created: "orders/create",
  manual: "manual",
};

export const SENDER_FIELDS = [
  "name",
  "street",
  "postcode",
  "city",
  "country_code",
  "phone",
  "email",
] as const;

export function toLanguage(language: "pl" | "en"): Language {
  return language === "en" ? "en_GB" : "pl_PL";
}

export function settingsView(settings: ShopSettings): ShopSettingsView {
  const mode = (Object.keys(SHIP_MODES) as ShipMode[]).find(
    (key) => SHIP_MODES[key] === settings.shipOn,
  );
  const backup = settings.backupRates[0];
  return {
    sender: settings.sender ?? null,
    parcel: settings.parcel ?? null,
    defaultService: settings.defaultService,
    services: [...settings.services],
    pointServices: [...settings.pointServices],
    backupRate: backup ? { name: backup.name, price: backup.price } : null,
    codIban: settings.codIban ?? null,
    shipOn: mode ?? "paid",
    notifyCustomer: settings.notifyCustomer,
    ratesEnabled: settings.ratesEnabled,
    language: settings.language === "en_GB" ? "en" : "pl",
    labelFormat: settings.labelFormat,
  };
}

const MESSAGES = {
  required: { pl_PL: "To pole jest wymagane.", en_GB: "This field is required." },
  positive: {
    pl_PL: "Wpisz liczbę większą od zera.",
    en_GB: "Enter a number greater than zero.",
  },
  iban: {
    pl_PL: "Wpisz IBAN, na przykład PL61 1090 1014 0000 0712 1981 2874.",
    en_GB: "Enter an IBAN such as PL61 1090 1014 0000 0712 1981 2874.",
  },
  oneOf: { pl_PL: "Wybierz jedno z: {}.", en_GB: "Choose one of: {}." },
  text: { pl_PL: "Wpisz tekst.", en_GB: "Enter text." },
  list: { pl_PL: "Podaj listę przewoźników.", en_GB: "Give a list of carriers." },
  flag: { pl_PL: "Wybierz tak albo nie.", en_GB: "Choose yes or no." },
} as const;

type Rule = keyof typeof MESSAGES;

const RULES: Readonly<Record<Rule, string>> = {
  required: "required",
  positive: "positive_number",
  iban: "iban_format",
  oneOf: "one_of",
  text: "invalid_type",
  list: "invalid_type",
  flag: "invalid_type",
};

function text(value: unknown): value is string {
  return typeof value === "string";
}

/**
 * The sender through core's address rules, with its postcode in the country's
 * form; every problem is added to `issues` at its `sender.…` path.
 */
function checkedSender(sender: Address, language: Language, issues: Issue<string>[]): Address {
  const checked = checkAddress(
    {
      street: sender.street ?? "",
      postcode: sender.postcode ?? "",
      city: sender.city ?? "",
      country_code: sender.country_code ?? "",
      ...(sender.phone ? { phone: sender.phone } : {}),
    },
    { delivery: "courier", language },
  );
  if (!checked.ok) {
    for (const issue of checked.error.issues) {
      issues.push({
        path: issue.path.replace(/^address\./, "sender."),
        rule: issue.rule,
        message: issue.message,
      });
    }
    return sender;
  }
  return { ...sender, postcode: checked.value.postcode };
}

/**
 * Applies `patch` to the stored settings; answers the settings to save, or
 * the issues (paths in the view's terms: `sender.postcode`, `parcel.width`,
 * `backupRate.price`, `codIban`, `shipOn`) in `language`, and nothing to save.
 */
export function applySettingsPatch(
  current: ShopSettings,
  patch: Partial<ShopSettingsView>,
  language: Language,
): { settings: ShopSettings; issues: [] } | { settings: undefined; issues: Issue<string>[] } {
  const issues: Issue<string>[] = [];
  const problem = (path: string, rule: Rule, detail = "") =>
    issues.push({
      path,
      rule: RULES[rule],
      message: MESSAGES[rule][language].replace("{}", detail),
    });
  const view: ShopSettingsView = { ...settingsView(current), ...patch };

  let sender: Address | undefined;
  if (view.sender !== null && view.sender !== undefined) {
    const given = view.sender as unknown as Record<string, unknown>;
    const cleaned: Record<string, string> = {};
    for (const field of SENDER_FIELDS) {
      const value = given[field];
      if (!text(value) || value.trim() === "") problem(`sender.${field}`, "required");
      else cleaned[field] = field === "country_code" ? value.trim().toUpperCase() : value.trim();
    }
    const company = given.company;
    if (text(company) && company.trim() !== "") cleaned.company = company.trim();
    sender = cleaned as unknown as Address;
    // The same address rules as a customer's (core's checkAddress): the postcode
    // form of the country, a house number where the courier collects the parcels.
    // Always run, so every problem shows at once (a missing city and a postcode
    // `ABC`); a field already reported missing is not reported twice.
    const missing = new Set(issues.map((issue) => issue.path));
    const found: Issue<string>[] = [];
    const checked = checkedSender(sender, language, found);
    issues.push(...found.filter((issue) => !missing.has(issue.path)));
    if (issues.length === 0) sender = checked;
  }
  const parcel = view.parcel ?? undefined;
  if (parcel) {
    for (const side of ["width", "depth", "height"] as const) {
      const value = parcel[side];
      if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
        problem(`parcel.${side}`, "positive");
      }
    }
  }
  const backup = view.backupRate ?? undefined;
  if (backup) {
    if (!text(backup.name) || backup.name.trim() === "") problem("backupRate.name", "required");
    if (typeof backup.price !== "number" || !Number.isFinite(backup.price) || backup.price <= 0) {
      problem("backupRate.price", "positive");
    }
  }
  const iban = text(view.codIban) ? view.codIban.replace(/\s+/g, "").toUpperCase() : "";
  if (view.codIban !== null && !text(view.codIban)) problem("codIban", "text");
  else if (iban && !/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) problem("codIban", "iban");
  if (!Object.hasOwn(SHIP_MODES, view.shipOn)) {
    problem("shipOn", "oneOf", Object.keys(SHIP_MODES).join(", "));
  }
  if (!text(view.defaultService) || view.defaultService.trim() === "") {
    problem("defaultService", "required");
  }
  for (const key of ["services", "pointServices"] as const) {
    if (!Array.isArray(view[key]) || !view[key].every(text)) problem(key, "list");
  }
  for (const key of ["notifyCustomer", "ratesEnabled"] as const) {
    if (typeof view[key] !== "boolean") problem(key, "flag");
  }
  if (view.language !== "pl" && view.language !== "en") problem("language", "oneOf", "pl, en");
  if (!(LABEL_FORMATS as readonly string[]).includes(view.labelFormat)) {
    problem("labelFormat", "oneOf", LABEL_FORMATS.join(", "));
  }
  if (issues.length > 0) return { settings: undefined, issues };

  const { sender: _sender, parcel: _parcel, codIban: _iban, ...rest } = current;
  return {
    settings: {
      ...rest,
      ...(sender ? { sender } : {}),
      ...(parcel
        ? { parcel: { width: parcel.width, depth: parcel.depth, height: parcel.height } }
        : {}),
      ...(iban ? { codIban: iban } : {}),
      defaultService: view.defaultService.trim(),
      services: view.services.filter((service) => service.trim() !== ""),
      pointServices: view.pointServices.filter((service) => service.trim() !== ""),
      shipOn: SHIP_MODES[view.shipOn],
      notifyCustomer: view.notifyCustomer,
      ratesEnabled: view.ratesEnabled,
      backupRates: backup ? [{ name: backup.name.trim(), price: backup.price }] : [],
      language: toLanguage(view.language),
      labelFormat: view.labelFormat,
    },
    issues: [],
  };
}
