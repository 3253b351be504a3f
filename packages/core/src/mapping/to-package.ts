// toPackage: turns a store-neutral order into a valid v2 package, ready for
// POST /packages. It never produces an invalid package: the result has passed
// validatePackage (and is its normalized output), or a ValidationError is
// thrown that lists every problem at once.
//
// Decisions (see the core README, section "Mapping"):
// - Every problem at once: an order that fails StoreOrderSchema is still
//   mapped and validated as far as it can be read (lenient-order.ts), so an
//   empty street and a bad phone are reported together.
// - Errors are THROWN as the one ValidationError of @shipbridge/core. Each
//   issue's path names what the merchant must fix: `order.…` for the order
//   (`order.shipping_address.phone`, `order.items`), `options.…` for the
//   mapping options (`options.cod.iban`), and `package.…` for the rare
//   problem with no single source. Warnings are returned beside the package.
// - Packing: one parcel (see packing.ts). `options.parcel` is the usual box;
//   it grows to fit the largest item. Without it, item dimensions are needed.
//   `options.parcels` makes several parcels of one package (parcel-plan.ts):
//   the merchant's boxes, an explicit split, the carrier's limits; each
//   parcel's declared value and description are those of its own items.
//   Cash on delivery stays on the package (the service has no per-parcel
//   COD), which the carrier collects with parcel 1/N; `cod: "by_value"` is
//   refused for an order with COD in several parcels (cod_split_unsupported).
// - The receiver's name is the first of: shipping first + last name, shipping
//   full name, customer first + last name, customer full name, that holds a
//   first name and a surname; the phone is the shipping address's, else the
//   customer's (for Poland, the first that is a valid Polish number).
// - COD: the order's `cod` asks for it; the IBAN (and account holder name)
//   come from `options.cod`, which is an error to leave out for a COD order.
// - user_reference_number: `options.userReferenceNumber`, else the order id,
//   shortened stably when longer than USER_REFERENCE_MAX_LENGTH.
// - v1.0.109: for an own-contract poczta shipment with no postal product
//   flag, `postalService: "kurier48"` sets `kurier48: true`; "express" (or
//   nothing) keeps the service's express default, and the warning is returned.
// - The pickup point goes to `receiver.point` only when its carrier is the
//   chosen service's; a point of another carrier (left over from a changed
//   shipping method) is dropped with a warning.
// - Address texts (names, companies, streets, postcodes, cities, counties of
//   the order and of the sender and pickup options) are cleaned first
//   (clean-text.ts): line breaks and tabs become a space, bidi override
//   characters are removed with a warning, and any other control character
//   (NUL) is an error at the field it came from.
// - Countries: `options.countries` is the list the service serves. The live
//   list (countryCatalogFromResponse of the client's countries()) is
//   authoritative, so a country outside it is the error country_not_supported;
//   the built-in list, used when none is given, only warns (country_unverified).
// - Postcodes: a common typing is rewritten in its country's form (a Polish
//   "80831" becomes "80-831") with the warning postcode_normalized; a postcode
//   that still does not fit is refused by validation (postcode_invalid), as is
//   a street without a house number where a courier must find the door.
import { createHash } from "node:crypto";
import type { Clock } from "../clock.ts";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../issues/language.ts";
import { pointFitsCarrier } from "../rules/address-rules.ts";
import { type CountriesOption, countryLookupOf } from "../rules/countries.ts";
import { normalizePolishPhone } from "../rules/polish-phone.ts";
import { normalizePostcode } from "../rules/postcodes.ts";
import { hasFirstNameAndSurname } from "../rules/receiver-name.ts";
import { POSTAL_CARRIER, POSTAL_PRODUCT_FLAGS } from "../rules/service-flags.ts";
import {
  type AccountServicesInput,
  accountServicesProblem,
  resolveShipmentContract,
} from "../rules/shipment-contract.ts";
import type {
  AdditionalServices,
  Address,
  Cod,
  PackageV2,
  ParcelV2,
  Pickup,
  ServiceContract,
} from "../schemas/index.ts";
import {
  type Issue,
  type RawIssue,
  RULE_CODES,
  renderMessage,
  ValidationError,
  validateInput,
  validatePackage,
} from "../validation/index.ts";
import { type CleanedText, cleanText } from "./clean-text.ts";
import { isRelated, readLenientOrder } from "./lenient-order.ts";
import { mappingWarning, postalExpressMessage } from "./mapping-warnings.ts";
import type { BoxDimensions } from "./packing.ts";
import { type PlannedParcel, planParcels } from "./parcel-plan.ts";
import { checkParcelsOption, type ParcelsOption } from "./parcels-option.ts";
import { covers, SourcePaths } from "./source-paths.ts";
import {
  type StoreAddress,
  type StoreOrder,
  type StoreOrderInput,
  type StoreOrderItem,
  StoreOrderSchema,
} from "./store-order.ts";

/** The longest user_reference_number toPackage produces. The spec names no limit; 100 is a safe bound. */
export const USER_REFERENCE_MAX_LENGTH = 100;

/** The fields of an address that are free text, cleaned before they go into the package. */
const ADDRESS_TEXT_FIELDS = ["name", "company", "street", "postcode", "city", "county"] as const;

/** The longest parcel description toPackage writes from item names. */
export const DESCRIPTION_MAX_LENGTH = 100;

/** How an own-contract poczta shipment without a postal product flag is sent (v1.0.109). */
export type PostalService = "express" | "kurier48";

/** The merchant's account for cash on delivery: where the collected money is paid. */
export interface CodAccount {
  /** IBAN (or Polish NRB); spaces are allowed. */
  readonly iban: string;
  /** The account holder's name. */
  readonly name?: string;
  readonly swift?: string;
  /** Express transfer of the collected money (a paid service). */
  readonly express?: boolean;
}

export interface ToPackageOptions {
  /** The sender printed on the label. `null`: the carrier contract supplies it (one carrier only). */
  readonly sender?: Address | null;
  /** Where the courier collects the parcel. Defaults to the sender; `null`: from the carrier contract. */
  readonly pickup?: Pickup | null;
  /** The usual box, in centimetres; it grows to fit the largest item. */
  readonly parcel?: BoxDimensions;
  /**
   * Several parcels for one order: the merchant's boxes (items packed into as
   * few as fit), an explicit split, the carrier's limits, and where cash on
   * delivery goes. Default: the whole order in one parcel.
   */
  readonly parcels?: ParcelsOption;
  /** The account COD money is paid into; required for orders with `cod`. */
  readonly cod?: CodAccount;
  /** v1.0.109: "kurier48" keeps own-contract poczta shipments off the express default. */
  readonly postalService?: PostalService;
  /** Further additional services for every shipment (COD comes from the order). */
  readonly additionalServices?: Omit<AdditionalServices, "cod">;
  /** Overrides the order id as the package's user_reference_number. */
  readonly userReferenceNumber?: string;
  /** Declare the items' value (sum of price x quantity) on the parcel, for insurance. Default false. */
  readonly declareValue?: boolean;
  /** The parcel's content description; default: the item names with quantities. */
  readonly description?: string;
  /**
   * The account's services, to resolve `service_id` and the contract: what
   * `client.account.services()` returns, or its `services` list.
   */
  readonly accountServices?: AccountServicesInput;
  /** The contract kind, when known better than from the account services. */
  readonly contract?: ServiceContract;
  /**
   * The countries the service serves: pass the live list
   * (`await client.countries()` as it is, or a CountryCatalog made from it) to refuse a
   * country it does not serve with country_not_supported. Default: the
   * built-in list, under which such a country is only the warning
   * country_unverified and the service refuses the package later.
   */
  readonly countries?: CountriesOption;
  /** "Now" for date-bound rules (the 2026-08-24 postal rule). */
  readonly clock?: Clock;
  /** Language of messages. Default en_GB. */
  readonly language?: Language;
}

export interface ToPackageResult {
  /** The validated, normalized v2 package. */
  readonly package: PackageV2;
  readonly warnings: readonly Issue[];
}

/** What safeToPackage returns: the package with its warnings, or the error; modeled on zod's safeParse. */
export type SafeToPackageResult =
  | {
      readonly success: true;
      /** The validated, normalized v2 package. */
      readonly data: PackageV2;
      readonly warnings: readonly Issue[];
    }
  | { readonly success: false; readonly error: ValidationError };

/** The builder's outcome: failures keep the warnings found before the error. */
type BuildOutcome =
  | ({ readonly ok: true } & ToPackageResult)
  | { readonly ok: false; readonly error: ValidationError; readonly warnings: readonly Issue[] };

/**
 * Builds a valid v2 package from a store order.
 * @throws ValidationError naming `order.…` / `options.…` paths, with every problem at once.
 */
export function toPackage(order: StoreOrderInput, options: ToPackageOptions = {}): ToPackageResult {
  const outcome = buildPackage(order, options);
  if (!outcome.ok) throw outcome.error;
  return { package: outcome.package, warnings: outcome.warnings };
}

/** Like toPackage, but returns the ValidationError instead of throwing it (as zod's safeParse does). */
export function safeToPackage(order: unknown, options: ToPackageOptions = {}): SafeToPackageResult {
  const outcome = buildPackage(order, options);
  return outcome.ok
    ? { success: true, data: outcome.package, warnings: outcome.warnings }
    : { success: false, error: outcome.error };
}

function buildPackage(order: unknown, options: ToPackageOptions): BuildOutcome {
  if (typeof options !== "object" || options === null) {
    const raw = {
      path: "options",
      rule: RULE_CODES.invalid_type,
      params: { expected: "object" },
    };
    const issue = { path: raw.path, rule: raw.rule, message: renderMessage(raw, DEFAULT_LANGUAGE) };
    return { ok: false, error: new ValidationError([issue], DEFAULT_LANGUAGE), warnings: [] };
  }
  const language = isLanguage(options.language) ? options.language : DEFAULT_LANGUAGE;
  const parsed = validateInput(StoreOrderSchema, order, { language });
  if (parsed.ok) return new PackageBuilder(parsed.value, options, language).build();
  const issues = parsed.error.issues.map((issue) => ({
    ...issue,
    path: issue.path === "" ? "order" : `order.${issue.path}`,
  }));
  // Every problem at once: what the mapping and validation find in the readable rest of
  // the order, beside the schema's problems (but not their consequences).
  const lenient = readLenientOrder(order, parsed.error.issues);
  const rest =
    lenient === undefined ? undefined : new PackageBuilder(lenient, options, language).build();
  const refused = issues.map((issue) => issue.path);
  const more =
    rest === undefined || rest.ok
      ? []
      : rest.error.issues.filter((issue) => !isRelated(issue.path, refused));
  return {
    ok: false,
    error: new ValidationError([...issues, ...more], language),
    warnings: rest?.warnings ?? [],
  };
}

class PackageBuilder {
  readonly #order: StoreOrder;
  readonly #options: ToPackageOptions;
  readonly #language: Language;
  readonly #sources = new SourcePaths();
  readonly #errors: Issue[] = [];
  readonly #warnings: Issue[] = [];

  constructor(order: StoreOrder, options: ToPackageOptions, language: Language) {
    this.#order = order;
    this.#options = options;
    this.#language = language;
  }

  #error(path: string, rule: RawIssue["rule"], params: RawIssue["params"] = {}): void {
    const message = renderMessage({ path, rule, params }, this.#language);
    this.#errors.push({ path, rule, message });
  }

  /** Reports what cleaning found in the text taken from `source`: removed bidi characters, an invalid character. */
  #cleaned(cleaned: CleanedText, source: string): string {
    if (cleaned.removedBidi.length > 0) {
      this.#warnings.push(
        mappingWarning(
          source,
          RULE_CODES.bidi_characters_removed,
          { characters: cleaned.removedBidi.join(", ") },
          this.#language,
        ),
      );
    }
    if (cleaned.invalid !== undefined) {
      this.#error(source, RULE_CODES.text_forbidden_character, { ...cleaned.invalid });
    }
    return cleaned.text;
  }

  /** An address text taken from `source`, cleaned (undefined stays undefined). */
  #text(value: string | undefined, source: string): string | undefined {
    return value === undefined ? undefined : this.#cleaned(cleanText(value), source);
  }

  /** A copy of the sender or pickup address from the options, with its texts cleaned. */
  #cleanAddress<A extends Address | Pickup>(address: A, source: string): A {
    const copy: Record<string, unknown> = { ...address };
    for (const field of ADDRESS_TEXT_FIELDS) {
      const value = copy[field];
      if (typeof value === "string") copy[field] = this.#text(value, `${source}.${field}`);
    }
    if (typeof copy["postcode"] === "string") {
      copy["postcode"] = this.#postcode(
        copy["postcode"],
        copy["country_code"],
        `${source}.postcode`,
      );
    }
    return copy as A;
  }

  /**
   * A postcode typed the common way (a Polish "80831") in its country's form
   * ("80-831"), with the warning postcode_normalized; validation judges the rest.
   */
  #postcode(value: string | undefined, country: unknown, source: string): string | undefined {
    if (value === undefined || typeof country !== "string") return value;
    const normalized = normalizePostcode(country, value);
    if (normalized !== value) {
      this.#warnings.push(
        mappingWarning(
          source,
          RULE_CODES.postcode_normalized,
          { from: value, to: normalized, country },
          this.#language,
        ),
      );
    }
    return normalized;
  }

  build(): BuildOutcome {
    const pkg: Record<string, unknown> = {};
    this.#addresses(pkg);
    pkg["receiver"] = this.#receiver();
    this.#service(pkg);
    pkg["user_reference_number"] = this.#reference();
    pkg["parcels"] = this.#parcels();
    const services = this.#additionalServices();
    if (Object.keys(services).length > 0) pkg["additional_services"] = services;
    this.#postal(pkg);
    this.#point(pkg);
    this.#checkAccountServices();
    this.#checkLookups();
    this.#sources.set("", "order");
    return this.#validate(pkg);
  }

  #addresses(pkg: Record<string, unknown>): void {
    const { sender, pickup } = this.#options;
    if (sender === undefined && pickup === undefined) {
      this.#error("options.sender", RULE_CODES.required);
      pkg["pickup"] = null;
      this.#sources.set("pickup", "options.sender");
      return;
    }
    const cleanSender = sender ? this.#cleanAddress(sender, "options.sender") : sender;
    if (sender !== undefined) {
      pkg["sender"] = cleanSender;
      this.#sources.set("sender", "options.sender");
    }
    if (pickup !== undefined) {
      pkg["pickup"] = pickup ? this.#cleanAddress(pickup, "options.pickup") : pickup;
      this.#sources.set("pickup", "options.pickup");
    } else {
      pkg["pickup"] = cleanSender;
      this.#sources.set("pickup", "options.sender");
    }
  }

  #receiver(): Record<string, unknown> {
    const { shipping_address: address, customer } = this.#order;
    const receiver: Record<string, unknown> = {};
    const set = (field: string, value: unknown, source: string) => {
      this.#sources.set(`receiver.${field}`, source);
      if (value !== undefined) receiver[field] = value;
    };
    this.#sources.set("receiver", "order.shipping_address");
    const name = this.#receiverName();
    set("name", name.value, name.source);
    const text = (field: keyof StoreAddress) => {
      const value = address[field];
      return this.#text(value, `order.shipping_address.${field}`);
    };
    set("company", text("company"), "order.shipping_address.company");
    const street = [text("street"), text("street2")]
      .filter((part) => part !== undefined && part !== "")
      .join(" ");
    set("street", street, "order.shipping_address.street");
    const postcode = "order.shipping_address.postcode";
    set("postcode", this.#postcode(text("postcode"), address.country_code, postcode), postcode);
    set("city", text("city"), "order.shipping_address.city");
    set("country_code", address.country_code, "order.shipping_address.country_code");
    set("county", text("province"), "order.shipping_address.province");
    set("email", customer.email, "order.customer.email");
    const phone = this.#receiverPhone();
    set("phone", phone.value, phone.source);
    return receiver;
  }

  #receiverName(): { value: string | undefined; source: string } {
    const { shipping_address: address, customer } = this.#order;
    // Each candidate's parts are cleaned; only the chosen one's findings are reported.
    type Part = { readonly cleaned: CleanedText; readonly source: string };
    const candidates: { value: string; source: string; parts: Part[] }[] = [];
    const part = (value: string, source: string): Part => ({ cleaned: cleanText(value), source });
    const person = (first: string | undefined, last: string | undefined, base: string) => {
      if (first === undefined && last === undefined) return;
      const parts: Part[] = [];
      if (first !== undefined) parts.push(part(first, `${base}.first_name`));
      if (last !== undefined) parts.push(part(last, `${base}.last_name`));
      const value = parts
        .map(({ cleaned }) => cleaned.text)
        .filter((text) => text !== "")
        .join(" ");
      const source = last === undefined ? `${base}.last_name` : `${base}.first_name`;
      candidates.push({ value, source, parts });
    };
    const whole = (value: string | undefined, source: string) => {
      if (value === undefined) return;
      const cleaned = part(value, source);
      candidates.push({ value: cleaned.cleaned.text, source, parts: [cleaned] });
    };
    person(address.first_name, address.last_name, "order.shipping_address");
    whole(address.name, "order.shipping_address.name");
    person(customer.first_name, customer.last_name, "order.customer");
    whole(customer.full_name, "order.customer.full_name");
    const chosen =
      candidates.find((candidate) => hasFirstNameAndSurname(candidate.value)) ?? candidates[0];
    if (chosen !== undefined) {
      for (const { cleaned, source } of chosen.parts) this.#cleaned(cleaned, source);
      return { value: chosen.value, source: chosen.source };
    }
    if (address.company !== undefined) {
      const source = "order.shipping_address.company";
      return { value: this.#text(address.company, source), source };
    }
    return { value: undefined, source: "order.shipping_address.name" };
  }

  #receiverPhone(): { value: string | undefined; source: string } {
    const { shipping_address: address, customer } = this.#order;
    const candidates: { value: string; source: string }[] = [];
    if (address.phone !== undefined) {
      candidates.push({ value: address.phone, source: "order.shipping_address.phone" });
    }
    if (customer.phone !== undefined) {
      candidates.push({ value: customer.phone, source: "order.customer.phone" });
    }
    const polish =
      address.country_code === "PL"
        ? candidates.find((candidate) => normalizePolishPhone(candidate.value) !== undefined)
        : undefined;
    return polish ?? candidates[0] ?? { value: undefined, source: "order.shipping_address.phone" };
  }

  #service(pkg: Record<string, unknown>): void {
    const { shipping } = this.#order;
    if (shipping.service !== undefined) pkg["service"] = shipping.service;
    if (shipping.service_id !== undefined) pkg["service_id"] = shipping.service_id;
    this.#sources.set("service", "order.shipping.service");
    this.#sources.set("service_id", "order.shipping.service_id");
  }

  #reference(): string {
    const override = this.#options.userReferenceNumber;
    this.#sources.set(
      "user_reference_number",
      override === undefined ? "order.id" : "options.userReferenceNumber",
    );
    return userReferenceNumber(override ?? this.#order.id);
  }

  /** The order's parcels (one, unless `options.parcels` makes more), or none when they cannot be made. */
  #parcels(): Partial<ParcelV2>[] {
    const { items } = this.#order;
    const box = this.#options.parcel;
    const boxValid = box === undefined || this.#checkBox(box);
    const option = this.#options.parcels;
    const report = (path: string, rule: RawIssue["rule"], params: RawIssue["params"] = {}) =>
      this.#error(path, rule, params);
    // The option's parts without a problem still plan the parcels, so that
    // their problems are named beside the others' in the same answer.
    const checked = checkParcelsOption(option, items.length, report);
    const plan = checked.plannable
      ? planParcels(
          {
            items,
            box: boxValid ? box : undefined,
            parcels: checked.usable,
            carrier: this.#order.shipping.service ?? carrierWord(this.#language),
          },
          report,
        )
      : undefined;
    // Wrong boxes leave a split sized by its items: when the items do not
    // tell a size, the boxes' problem is the one to name.
    const boxesWrong =
      (option as { boxes?: unknown } | undefined)?.boxes !== undefined &&
      checked.usable?.boxes === undefined;
    const planned =
      boxesWrong && plan?.some((parcel) => parcel.dimensions === undefined) ? undefined : plan;
    if (planned === undefined) {
      // Reported already: a stand-in parcel lets validation check the rest of the package.
      return [{ type: "package", width: 1, depth: 1, height: 1, weight: 1 }];
    }
    if (planned.length > 1 && this.#order.cod !== undefined && option?.cod === "by_value") {
      this.#error("options.parcels.cod", RULE_CODES.cod_split_unsupported);
    }
    return planned.map((plannedParcel, index) => this.#parcel(plannedParcel, index, box));
  }

  #parcel(
    planned: PlannedParcel,
    index: number,
    box: BoxDimensions | undefined,
  ): Partial<ParcelV2> {
    const at = `parcels[${index}]`;
    const parcel: Record<string, unknown> = { type: "package" };
    const contents = planned.contents.map(({ item, quantity }) => ({
      ...(this.#order.items[item] as StoreOrderItem),
      quantity,
    }));
    this.#sources.set(at, planned.dimensions === undefined ? "options.parcel" : planned.source);
    if (planned.dimensions === undefined) {
      // No box configured and no item dimensions: the merchant must configure a box.
      if (box === undefined && index === 0) this.#error("options.parcel", RULE_CODES.required);
    } else {
      Object.assign(parcel, planned.dimensions);
    }
    const weightSource = planned.source === "options.parcel" ? "order.items" : planned.source;
    this.#sources.set(`${at}.weight`, weightSource);
    if (planned.weight > 0) parcel["weight"] = planned.weight;
    else this.#error(weightSource, RULE_CODES.weight_invalid);
    if (this.#options.declareValue === true) {
      this.#sources.set(`${at}.value`, "order.items");
      parcel["value"] = itemsValue(contents);
    }
    const description = this.#options.description ?? describeItems(contents);
    this.#sources.set(
      `${at}.description`,
      this.#options.description === undefined ? "order.items" : "options.description",
    );
    if (description !== "") parcel["description"] = description;
    return parcel as Partial<ParcelV2>;
  }

  /** The countries must be a lookup or the country list answer, the clock a function. */
  #checkLookups(): void {
    const { countries, clock } = this.#options;
    if (countries !== undefined && countryLookupOf(countries) === undefined) {
      this.#error("options.countries", RULE_CODES.invalid_type, { expected: "countries" });
    }
    if (clock !== undefined && typeof clock !== "function") {
      this.#error("options.clock", RULE_CODES.invalid_type, { expected: "function" });
    }
  }

  /** The account services must be in one of their two forms. */
  #checkAccountServices(): void {
    const services: unknown = this.#options.accountServices;
    const problem = services === undefined ? undefined : accountServicesProblem(services);
    if (problem === undefined) return;
    const at =
      problem.path === "" || problem.path.startsWith("[") ? problem.path : `.${problem.path}`;
    this.#error(`options.accountServices${at}`, RULE_CODES.invalid_type, {
      expected: problem.expected,
    });
  }

  #checkBox(box: BoxDimensions): boolean {
    if (typeof box !== "object" || box === null) {
      this.#error("options.parcel", RULE_CODES.invalid_type, { expected: "object" });
      return false;
    }
    let valid = true;
    for (const field of ["width", "depth", "height"] as const) {
      const value = (box as unknown as Record<string, unknown>)[field];
      if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
        this.#error(`options.parcel.${field}`, RULE_CODES.dimension_invalid, { field });
        valid = false;
      }
    }
    return valid;
  }

  #additionalServices(): Record<string, unknown> {
    const services: Record<string, unknown> = { ...this.#options.additionalServices };
    this.#sources.set("additional_services", "options.additionalServices");
    const cod = this.#order.cod;
    if (cod === undefined) return services;
    const account = this.#options.cod;
    const out: Partial<Cod> = { amount: cod.amount, currency: cod.currency };
    this.#sources.set("additional_services.cod", "options.cod");
    this.#sources.set("additional_services.cod.amount", "order.cod.amount");
    this.#sources.set("additional_services.cod.currency", "order.cod.currency");
    this.#sources.set("additional_services.cod.iban", "options.cod.iban");
    if (account === undefined || account.iban === undefined || account.iban === "") {
      this.#error("options.cod.iban", RULE_CODES.iban_required);
    } else {
      out.iban = account.iban;
      if (account.name !== undefined) out.name = account.name;
      if (account.swift !== undefined) out.swift = account.swift;
      if (account.express !== undefined) out.express = account.express;
    }
    services["cod"] = out;
    return services;
  }

  /** v1.0.109: applies `postalService` to an own-contract poczta shipment without a postal product. */
  #postal(pkg: Record<string, unknown>): void {
    const shipment = resolveShipmentContract(pkg, this.#options);
    if (shipment.carrier !== POSTAL_CARRIER || shipment.contract !== "own") return;
    const services = (pkg["additional_services"] ?? {}) as Record<string, unknown>;
    const chosen = POSTAL_PRODUCT_FLAGS.some((flag) => services[flag] === true);
    if (chosen || this.#options.postalService !== "kurier48") return;
    pkg["additional_services"] = { ...services, kurier48: true };
    this.#sources.set("additional_services.kurier48", "options.postalService");
  }

  #point(pkg: Record<string, unknown>): void {
    const point = this.#order.pickup_point;
    if (point === undefined) return;
    const receiver = pkg["receiver"] as Record<string, unknown>;
    this.#sources.set("receiver.point", "order.pickup_point.code");
    const carrier = resolveShipmentContract(pkg, this.#options).carrier;
    const params = { point: point.code, pointCarrier: point.carrier };
    if (carrier === undefined) {
      receiver["point"] = point.code;
      const serviceId = this.#order.shipping.service_id ?? "";
      this.#warnings.push(
        mappingWarning(
          "order.pickup_point.carrier",
          RULE_CODES.pickup_point_unverified,
          { ...params, serviceId },
          this.#language,
        ),
      );
    } else if (pointFitsCarrier(point.carrier, carrier)) {
      receiver["point"] = point.code;
    } else {
      this.#warnings.push(
        mappingWarning(
          "order.pickup_point",
          RULE_CODES.pickup_point_dropped,
          { ...params, carrier },
          this.#language,
        ),
      );
    }
  }

  #validate(pkg: Record<string, unknown>): BuildOutcome {
    const options = this.#options;
    if (
      this.#errors.some(
        (issue) => issue.path === "options.countries" || issue.path === "options.clock",
      )
    ) {
      // Without a usable country list or clock the package cannot be checked.
      return {
        ok: false,
        error: new ValidationError(this.#errors, this.#language),
        warnings: [...this.#warnings],
      };
    }
    const result = validatePackage(pkg, {
      version: 2,
      operation: "create",
      language: this.#language,
      ...(options.clock === undefined ? {} : { clock: options.clock }),
      ...(options.accountServices === undefined
        ? {}
        : { accountServices: options.accountServices }),
      ...(options.contract === undefined ? {} : { contract: options.contract }),
      ...(options.countries === undefined ? {} : { countries: options.countries }),
    });
    const warnings = unique([
      ...this.#warnings,
      ...result.warnings.map((warning): Issue => {
        if (warning.rule === RULE_CODES.postal_express_default) {
          const explicit = options.postalService === "express";
          return {
            path: "options.postalService",
            rule: warning.rule,
            message: postalExpressMessage(explicit, this.#language),
          };
        }
        return { ...warning, path: this.#sources.sourceOf(warning.path) };
      }),
    ]);
    const fromValidation = result.ok
      ? []
      : result.error.issues.map((issue) => ({
          ...issue,
          path: this.#sources.sourceOf(issue.path),
        }));
    // A problem the mapping already reported (a missing IBAN, no box) is not repeated
    // by what validation says about the same field.
    const reported = this.#errors.map((issue) => issue.path);
    const issues = unique([
      ...this.#errors,
      ...fromValidation.filter((issue) => !reported.some((path) => covers(path, issue.path))),
    ]);
    if (issues.length > 0 || !result.ok) {
      return { ok: false, error: new ValidationError(issues, this.#language), warnings };
    }
    return { ok: true, package: result.value, warnings };
  }
}

/**
 * Problems and warnings once per path and rule: the sender doubles as the
 * pickup address, so one bad sender field is found twice.
 */
function unique<T extends { readonly path: string; readonly rule: string }>(entries: T[]): T[] {
  const seen = new Set<string>();
  return entries.filter((entry) => {
    const key = `${entry.path}\u0000${entry.rule}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** "The carrier" in the caller's language, for limits of a service not named. */
function carrierWord(language: Language): string {
  return language === "pl_PL" ? "Przewoźnik" : "The carrier";
}

/** The order id as a user_reference_number: as is, or stably shortened when too long. */
export function userReferenceNumber(orderId: string): string {
  if (orderId.length <= USER_REFERENCE_MAX_LENGTH) return orderId;
  const digest = createHash("sha256").update(orderId, "utf8").digest("hex").slice(0, 16);
  // Keep the end of the id (where ids differ: gid://shopify/Order/123) and a digest of the whole.
  return `${orderId.slice(-(USER_REFERENCE_MAX_LENGTH - 17))}~${digest}`;
}

function itemsValue(items: readonly StoreOrderItem[]): number {
  let cents = 0;
  for (const item of items) cents += Math.round(item.price * 100) * item.quantity;
  return cents / 100;
}

function describeItems(items: readonly StoreOrderItem[]): string {
  const text = items.map((item) => `${item.quantity}x ${item.name}`).join(", ");
  return text.length <= DESCRIPTION_MAX_LENGTH
    ? text
    : `${text.slice(0, DESCRIPTION_MAX_LENGTH - 1).trimEnd()}…`;
}
