// The settings page's form as plain values: filled from the settings route's
// answer, and turned back into the body the route saves (empty optional
// fields left out, a carrier offered or not, no IBAN meaning no cash on
// delivery).

export const ADDRESS_FIELDS = [
  "name",
  "company",
  "street",
  "postcode",
  "city",
  "country_code",
  "phone",
  "email",
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressForm = Record<AddressField, string>;

export interface ServiceSetting {
  service: string;
  name?: string;
  pickup_point: boolean;
  returns: boolean;
}

export interface CarrierForm {
  service: string;
  offered: boolean;
  name: string;
  pickup_point: boolean;
  returns: boolean;
}

export interface SettingsValues {
  sender: Partial<AddressForm> | null;
  pickup: Partial<AddressForm> | null;
  services: ServiceSetting[] | null;
  cod: { iban: string } | null;
  cod_payment_providers: string[] | null;
}

/** The settings route's answer (GET and a successful POST). */
export interface SettingsAnswer {
  settings: SettingsValues;
  saved: Partial<SettingsValues>;
  defaults: SettingsValues;
  carriers: string[];
  connection: {
    state: "connected" | "reconnect" | "not_connected" | "unknown";
    grant: "authorization_code" | "client_credentials" | "password";
  };
  tracking_webhook: {
    state: "registered" | "elsewhere" | "not_registered" | "no_secret" | "unknown";
    url: string;
    current?: string;
  };
}

/** One problem of a refused save. */
export interface SettingsIssue {
  path: string;
  rule: string;
  message: string;
}

export interface SettingsForm {
  sender: AddressForm;
  pickupElsewhere: boolean;
  pickup: AddressForm;
  carriers: CarrierForm[];
  iban: string;
  codProviders: string;
}

function addressForm(address: Partial<AddressForm> | null | undefined): AddressForm {
  const form = {} as AddressForm;
  for (const field of ADDRESS_FIELDS) form[field] = address?.[field] ?? "";
  return form;
}

/** The form of the settings in force. */
export function formOf(answer: SettingsAnswer): SettingsForm {
  const { settings } = answer;
  const services = settings.services ?? [];
  const known = [...answer.carriers, ...services.map((s) => s.service)];
  return {
    sender: addressForm(settings.sender),
    pickupElsewhere: settings.pickup !== null,
    pickup: addressForm(settings.pickup),
    carriers: [...new Set(known)].map((service) => {
      const offered = services.find((entry) => entry.service === service);
      return {
        service,
        offered: offered !== undefined,
        name: offered?.name ?? "",
        pickup_point: offered?.pickup_point ?? service === "inpost",
        returns: offered?.returns ?? false,
      };
    }),
    iban: settings.cod?.iban ?? "",
    codProviders: (settings.cod_payment_providers ?? []).join(", "),
  };
}

function addressBody(form: AddressForm): Record<string, string> {
  const body: Record<string, string> = {};
  for (const field of ADDRESS_FIELDS) {
    const value = form[field].trim();
    if (value !== "" || !(field === "company" || field === "email")) body[field] = value;
  }
  return body;
}

/** The body the settings route saves. */
export function bodyOf(form: SettingsForm): Record<string, unknown> {
  const iban = form.iban.trim();
  return {
    sender: addressBody(form.sender),
    pickup: form.pickupElsewhere ? addressBody(form.pickup) : null,
    services: form.carriers
      .filter((carrier) => carrier.offered)
      .map((carrier) => ({
        service: carrier.service,
        ...(carrier.name.trim() === "" ? {} : { name: carrier.name.trim() }),
        pickup_point: carrier.pickup_point,
        returns: carrier.returns,
      })),
    cod: iban === "" ? null : { iban },
    cod_payment_providers: form.codProviders
      .split(",")
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ""),
  };
}
