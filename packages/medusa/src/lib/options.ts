// The plugin's options, as a merchant writes them in medusa-config.ts, checked
// once at start-up: a wrong option stops Medusa with a message that names the
// option, in English and Polish, and never repeats a secret. The provider and
// the module read them through one parse (`pluginOptions`), with one rule for
// the database (`databaseUrlOf`).

import { ShipbridgeError } from "@shipbridge/core";
import { TRACKING_WEBHOOK_SECRET_MAX, TRACKING_WEBHOOK_SECRET_MIN } from "@shipbridge/core/schemas";
import { z } from "zod";

const text = z.string().trim().min(1);

const AddressOptionSchema = z.strictObject({
  name: text,
  company: text.optional(),
  street: text,
  postcode: text,
  city: text,
  country_code: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((code) => code.toUpperCase()),
  phone: text,
  email: z.email().optional(),
});

const ServiceOptionSchema = z.strictObject({
  /** The carrier as the service names it: inpost, dpd, dhl, ups, gls, fedex, poczta, orlen, meest. */
  service: text,
  /** The option's name in the admin and at checkout; by default core's name of the way of delivery in the plugin's language ("Kurier DPD", "Paczkomat InPost"). */
  name: text.optional(),
  /** Delivery to a pickup point (a locker, a parcel shop): the shopper must choose one. */
  pickup_point: z.boolean().default(false),
  /** Also offer this carrier for returns from the customer to the store. */
  returns: z.boolean().default(false),
});

export const PluginOptionsSchema = z
  .strictObject({
    /** The OAuth application's client id and secret. */
    clientId: text,
    clientSecret: text,
    /**
     * How the plugin gets its tokens: "client_credentials", "password" (with
     * username and password), or "authorization_code" (the merchant connects
     * the account from the admin, through the service's own pages). By
     * default: "password" when a username is given, else "client_credentials".
     */
    grant: z.enum(["client_credentials", "password", "authorization_code"]).optional(),
    /** The password grant; without them the client-credentials grant is used. */
    username: text.optional(),
    password: text.optional(),
    /**
     * The backend's public address. The authorization-code grant's redirect
     * URI registered with the service is `{backend_url}/hooks/shipbridge/connect/callback`.
     */
    backend_url: z.url().default("http://localhost:9000"),
    /**
     * Where the browser may go after connecting (`return_to` must start with
     * one of them); the backend's own `/app` is always allowed.
     */
    connect_return_urls: z.array(z.url()).default([]),
    /** {base_url} and {account_url} of the service: the local sandbox by default. */
    baseUrl: z.url().default("http://127.0.0.1:4010"),
    accountUrl: z.url().default("http://127.0.0.1:4011"),
    companyId: z.union([text, z.number().int().positive()]).optional(),
    /** Names the store's shipments at the service; keep it fixed. No colons. */
    storeId: z
      .string()
      .regex(/^[^:\s]{1,40}$/)
      .default("medusa"),
    /** Where tokens and locks live; the DATABASE_URL environment variable by default. */
    databaseUrl: text.optional(),
    sender: AddressOptionSchema,
    /** Where the carrier picks parcels up; the sender's address by default. */
    pickup: AddressOptionSchema.optional(),
    services: z.array(ServiceOptionSchema).min(1),
    /** The box every order ships in, in centimetres. */
    parcel: z
      .strictObject({
        width: z.number().positive(),
        depth: z.number().positive(),
        height: z.number().positive(),
      })
      .default({ width: 30, depth: 20, height: 10 }),
    /** The unit of Medusa's product weights. */
    weightUnit: z.enum(["g", "kg"]).default("g"),
    /** The weight of an item whose variant has none, in `weightUnit`. */
    defaultItemWeight: z.number().nonnegative().default(500),
    /** Cash on delivery: where the carrier pays the collected amount. */
    cod: z.strictObject({ iban: text }).optional(),
    /**
     * Payment providers (Medusa ids such as `pp_system_default`) that mean
     * "paid on delivery": an order paid with one of them ships with cash on
     * delivery for its total, paid out to `cod.iban`.
     */
    cod_payment_providers: z.array(text).default([]),
    /** The price a calculated option shows when the service cannot quote (major units). */
    flatPrice: z.number().nonnegative(),
    quoteTtlSeconds: z.number().int().positive().default(300),
    /** How long a checkout waits for a quote before showing the flat price. */
    quoteTimeoutMs: z.number().int().positive().default(4000),
    /** The secret of the tracking webhook (16 to 128 characters, as the service takes). */
    trackingWebhookSecret: z
      .string()
      .min(TRACKING_WEBHOOK_SECRET_MIN)
      .max(TRACKING_WEBHOOK_SECRET_MAX)
      .optional(),
    /**
     * The public tracking page customers open from a tracking link, with
     * `{number}` where the tracking number goes (core's `trackingPage`). By
     * default the link the service gives for each parcel, else its page
     * https://furgonetka.pl/zlokalizuj/{number}.
     */
    trackingPage: z
      .string()
      .refine(
        (template) =>
          template.includes("{number}") &&
          URL.canParse(template.replaceAll("{number}", "0")) &&
          /^https?:$/.test(new URL(template.replaceAll("{number}", "0")).protocol),
        { message: "must be an absolute http(s) address with {number}" },
      )
      .optional(),
    /**
     * The file a batch's labels are printed from: a PDF with one label per A6
     * page (a label printer) or four per A4 page, or ZPL for a thermal printer.
     */
    labelFormat: z.enum(["pdf-a6", "pdf-a4", "zpl"]).default("pdf-a6"),
    /** The language of messages shown to shoppers. */
    language: z.enum(["en", "pl"]).default("en"),
  })
  .refine((options) => (options.username === undefined) === (options.password === undefined), {
    message: "give both username and password, or neither",
    path: ["password"],
  })
  .refine((options) => options.grant !== "password" || options.username !== undefined, {
    message: "the password grant needs username and password",
    path: ["username"],
  })
  .refine(
    (options) =>
      options.grant === undefined || options.grant === "password" || options.username === undefined,
    { message: "username and password belong to the password grant only", path: ["grant"] },
  )
  .refine((options) => options.cod_payment_providers.length === 0 || options.cod !== undefined, {
    message: "cash on delivery needs cod.iban, where the collected money goes",
    path: ["cod"],
  });

/** The grant the options ask for, the default filled in. */
export function grantOf(
  options: PluginOptions,
): "client_credentials" | "password" | "authorization_code" {
  return options.grant ?? (options.username === undefined ? "client_credentials" : "password");
}

/** The path of the authorization-code callback route. */
export const CONNECT_CALLBACK_PATH = "/hooks/shipbridge/connect/callback";
/** The path of the route the service's tracking pushes come to. */
export const TRACKING_WEBHOOK_PATH = "/hooks/shipbridge/tracking";

/** `path` on the backend's public address. */
export function backendUrl(options: PluginOptions, path: string): string {
  return `${options.backend_url.replace(/\/+$/, "")}${path}`;
}

/** The redirect URI to register with the service for the authorization-code grant. */
export function connectRedirectUri(options: PluginOptions): string {
  return backendUrl(options, CONNECT_CALLBACK_PATH);
}

export type PluginOptionsInput = z.input<typeof PluginOptionsSchema>;
export type PluginOptions = z.output<typeof PluginOptionsSchema>;
export type ServiceOption = PluginOptions["services"][number];

const SECRET_OPTIONS = new Set(["clientSecret", "password", "trackingWebhookSecret"]);

/** Thrown at start-up (code `invalid_plugin_options`); `issues` name each wrong option. */
export class PluginOptionsError extends ShipbridgeError {
  readonly issues: readonly { path: string; message: string }[];

  constructor(issues: readonly { path: string; message: string }[]) {
    const lines = issues.map((issue) => `- ${issue.path}: ${issue.message}`).join("\n");
    super(
      "invalid_plugin_options",
      `@shipbridge/medusa: invalid plugin options / nieprawidłowe opcje wtyczki:\n${lines}`,
    );
    this.issues = issues;
  }
}

function polish(code: string): string {
  switch (code) {
    case "invalid_type":
      return "brak wartości lub zły typ";
    case "too_small":
      return "wartość za mała lub za krótka";
    case "unrecognized_keys":
      return "nieznana opcja";
    case "invalid_format":
      return "zły format";
    default:
      return "nieprawidłowa wartość";
  }
}

/** The checked options, or a PluginOptionsError naming every wrong one. */
export function parsePluginOptions(
  input: unknown,
  addedByMedusa: readonly string[] = [],
): PluginOptions {
  const given = { ...((input ?? {}) as Record<string, unknown>) };
  for (const key of addedByMedusa) delete given[key];
  const result = PluginOptionsSchema.safeParse(given);
  if (result.success) return result.data;
  throw new PluginOptionsError(
    result.error.issues.map((issue) => {
      const path = issue.path.join(".") || "options";
      const secret = issue.path.some((part) => SECRET_OPTIONS.has(String(part)));
      // zod's messages may quote the value received; a secret's must not be.
      const english = secret ? issue.code : issue.message;
      const keys = issue.code === "unrecognized_keys" ? ` (${issue.keys.join(", ")})` : "";
      return { path, message: `${english}${keys} / ${polish(issue.code)}` };
    }),
  );
}

/** Keys Medusa adds to a provider's or a module's options in an application. */
const ADDED_BY_MEDUSA = ["database"] as const;

const parsed = new WeakMap<object, PluginOptions>();

/**
 * The plugin's options, parsed once per options object Medusa hands over
 * (the provider, the module and the plugin's routes alike); a
 * PluginOptionsError naming every wrong option otherwise.
 */
export function pluginOptions(input: unknown): PluginOptions {
  const key = typeof input === "object" && input !== null ? input : undefined;
  const known = key === undefined ? undefined : parsed.get(key);
  if (known !== undefined) return known;
  const options = parsePluginOptions(input, ADDED_BY_MEDUSA);
  if (key !== undefined) parsed.set(key, options);
  return options;
}

/**
 * Where the plugin keeps its tokens, locks and ledger: the `databaseUrl`
 * option, else the `DATABASE_URL` environment variable; a PluginOptionsError
 * naming `databaseUrl` when neither is set. The provider and the module use
 * this one rule.
 */
export function databaseUrlOf(
  options: Pick<PluginOptions, "databaseUrl">,
  env: Readonly<Record<string, string | undefined>> = process.env,
): string {
  const url = options.databaseUrl ?? env["DATABASE_URL"];
  if (url !== undefined && url.trim() !== "") return url;
  throw new PluginOptionsError([
    {
      path: "databaseUrl",
      message:
        "required when the DATABASE_URL environment variable is not set / wymagane, gdy zmienna środowiskowa DATABASE_URL nie jest ustawiona",
    },
  ]);
}
