// Reading the settings form: plain form fields in, a change of the shop's
// settings out (ShopSettingsView's terms), checked by the same code as
// ShopMerchant.updateSettings; problems name the form's field, in the shop's
// language, instead of a partial save.
import type { Issue } from "@shipbridge/core";
import { SENDER_FIELDS, type ShipMode, type ShopSettingsView } from "./settings-view.ts";

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

/** A number as merchants type it ("19,99"); NaN when it is not one, so the check names it. */
function number(raw: string): number {
  return raw === "" ? Number.NaN : Number(raw.replace(",", "."));
}

const FORM_SHIP_ON: Readonly<Record<string, ShipMode>> = {
  "orders/paid": "paid",
  "orders/create": "created",
  manual: "manual",
};

/** The form's field for a settings path: `sender.postcode` is `sender_postcode`. */
const FORM_FIELDS: Readonly<Record<string, string>> = {
  "parcel.width": "parcel_width",
  "parcel.depth": "parcel_depth",
  "parcel.height": "parcel_height",
  "backupRate.name": "backup_name",
  "backupRate.price": "backup_price",
  codIban: "cod_iban",
  shipOn: "ship_on",
  defaultService: "default_service",
  services: "services",
  pointServices: "point_services",
  ratesEnabled: "rates_enabled",
  notifyCustomer: "notify_customer",
  language: "language",
  labelFormat: "label_format",
};

export function formField(path: string): string {
  return FORM_FIELDS[path] ?? path.replace(".", "_");
}

/** The change the form asks for, in the settings' own terms. */
export function formPatch(form: Form): Partial<ShopSettingsView> {
  const sender: Record<string, string> = {};
  for (const field of [...SENDER_FIELDS, "company"]) {
    const value = one(form, `sender_${field}`);
    if (value) sender[field] = value;
  }
  const sides = ["width", "depth", "height"].map((side) => one(form, `parcel_${side}`));
  const backupName = one(form, "backup_name");
  const backupPrice = one(form, "backup_price");
  const patch: Partial<ShopSettingsView> = {
    // An empty sender or box leaves the saved one as it is.
    ...(SENDER_FIELDS.some((field) => sender[field])
      ? { sender: sender as unknown as ShopSettingsView["sender"] }
      : {}),
    ...(sides.some((side) => side !== "")
      ? {
          parcel: {
            width: number(sides[0] ?? ""),
            depth: number(sides[1] ?? ""),
            height: number(sides[2] ?? ""),
          },
        }
      : {}),
    services: many(form, "services"),
    pointServices: many(form, "point_services"),
    ...(one(form, "default_service") ? { defaultService: one(form, "default_service") } : {}),
    backupRate: backupName || backupPrice ? { name: backupName, price: number(backupPrice) } : null,
    codIban: one(form, "cod_iban") || null,
    shipOn: (FORM_SHIP_ON[one(form, "ship_on")] ?? one(form, "ship_on")) as ShipMode,
    notifyCustomer: one(form, "notify_customer") === "on",
    ratesEnabled: one(form, "rates_enabled") === "on",
    language: one(form, "language") === "en_GB" ? "en" : "pl",
    // A form without the field (an older page) leaves the saved format as it is.
    ...(one(form, "label_format")
      ? { labelFormat: one(form, "label_format") as ShopSettingsView["labelFormat"] }
      : {}),
  };
  return patch;
}

export function formProblems(issues: readonly Issue<string>[]): FormProblem[] {
  return issues.map((issue) => ({ field: formField(issue.path), message: issue.message }));
}
