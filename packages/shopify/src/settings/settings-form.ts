// Reading the settings form: plain form fields in, ShopSettings out, with a
// list of problems (field and message) instead of a partial save.
import type { Address } from "@shipbridge/core/schemas";
import { SHIP_ON, type ShipOn, type ShopSettings } from "../store/settings.ts";

export interface FormProblem {
  readonly field: string;
  readonly message: string;
}

type Form = Record<string, string | File | (string | File)[]>;

function one(form: Form, name: string): string {
  const value = form[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" ? first.trim() : "";
}

function many(form: Form, name: string): string[] {
  const value = form[name];
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.filter((item): item is string => typeof item === "string" && item.trim() !== "");
}

function positive(form: Form, name: string, problems: FormProblem[]): number | undefined {
  const raw = one(form, name);
  if (raw === "") return undefined;
  const value = Number(raw.replace(",", "."));
  if (!Number.isFinite(value) || value <= 0) {
    problems.push({ field: name, message: "Enter a number greater than zero." });
    return undefined;
  }
  return value;
}

export function readSettingsForm(
  form: Form,
  current: ShopSettings,
): { settings: ShopSettings; problems: FormProblem[] } {
  const problems: FormProblem[] = [];
  const senderFields = [
    "name",
    "street",
    "postcode",
    "city",
    "country_code",
    "phone",
    "email",
  ] as const;
  const sender: Record<string, string> = {};
  for (const field of senderFields) {
    const value = one(form, `sender_${field}`);
    if (value) sender[field] = field === "country_code" ? value.toUpperCase() : value;
  }
  const company = one(form, "sender_company");
  const anySender = Object.keys(sender).length > 0;
  if (anySender) {
    for (const field of senderFields) {
      if (!sender[field])
        problems.push({ field: `sender_${field}`, message: "This field is required." });
    }
  }
  const width = positive(form, "parcel_width", problems);
  const depth = positive(form, "parcel_depth", problems);
  const height = positive(form, "parcel_height", problems);
  const shipOn = one(form, "ship_on");
  if (!(SHIP_ON as readonly string[]).includes(shipOn)) {
    problems.push({ field: "ship_on", message: `Choose one of: ${SHIP_ON.join(", ")}.` });
  }
  const services = many(form, "services");
  const defaultService = one(form, "default_service") || current.defaultService;
  const backupName = one(form, "backup_name");
  const backupPrice = positive(form, "backup_price", problems);
  const iban = one(form, "cod_iban").replace(/\s+/g, "").toUpperCase();
  if (iban && !/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) {
    problems.push({
      field: "cod_iban",
      message: "Enter an IBAN such as PL61 1090 1014 0000 0712 1981 2874.",
    });
  }
  const language = one(form, "language") === "en_GB" ? "en_GB" : "pl_PL";
  const settings: ShopSettings = {
    ...current,
    ...(anySender ? { sender: { ...sender, ...(company ? { company } : {}) } as Address } : {}),
    ...(width && depth && height ? { parcel: { width, depth, height } } : {}),
    defaultService,
    services,
    pointServices: many(form, "point_services"),
    ...(iban ? { codIban: iban } : {}),
    shipOn: (SHIP_ON as readonly string[]).includes(shipOn) ? (shipOn as ShipOn) : current.shipOn,
    notifyCustomer: one(form, "notify_customer") === "on",
    ratesEnabled: one(form, "rates_enabled") === "on",
    backupRates: backupName && backupPrice ? [{ name: backupName, price: backupPrice }] : [],
    language,
  };
  return { settings, problems };
}
