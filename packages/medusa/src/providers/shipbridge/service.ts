// The Medusa fulfillment provider: calculated prices, pickup points checked on
// the server, shipments created once per fulfillment (core's shipOrder with a
// PostgreSQL lock), cancellations safe to repeat, and returns.

import { createHash } from "node:crypto";
import type {
  CalculatedShippingOptionPrice,
  CreateFulfillmentResult,
  FulfillmentOption,
  Logger,
} from "@medusajs/framework/types";
import { AbstractFulfillmentProviderService, MedusaError } from "@medusajs/framework/utils";
import {
  checkAddress,
  type Language,
  type ShipOrderResult,
  shipOrder,
  ValidationError,
} from "@shipbridge/core";
import { pointClosure } from "@shipbridge/core/rules";
import type { Point } from "@shipbridge/core/schemas";
import type { OrderedLine } from "../../lib/attempt-ledger.ts";
import { cancelPackage } from "../../lib/cancel-package.ts";
import { carrierLimitRefusal, type LimitIssue, limitErrors } from "../../lib/carrier-limits.ts";
import { chosenPointRefusal, findPoint } from "../../lib/chosen-point.ts";
import { type Connection, sharedConnection } from "../../lib/connection.ts";
import { isInvalidShipment } from "../../lib/invalid-shipment.ts";
import { labelPath } from "../../lib/label-path.ts";
import { coreLanguage } from "../../lib/language.ts";
import { asMedusaError } from "../../lib/medusa-error.ts";
import {
  type FindReturn,
  findReturn,
  keptFulfillments,
  type RawExecute,
} from "../../lib/medusa-fulfillments.ts";
import {
  type ChosenPoint,
  cashOnDelivery,
  fulfillmentOrder,
  quoteRequest,
  storeAddress,
} from "../../lib/medusa-order.ts";
import { optionsInForce } from "../../lib/merchant-settings-store.ts";
import { optionName, returnOptionName } from "../../lib/option-names.ts";
import {
  databaseUrlOf,
  type PluginOptions,
  pluginOptions,
  type ServiceOption,
} from "../../lib/options.ts";
import { QuoteCache } from "../../lib/quote-cache.ts";
import { shipOptions } from "../../lib/ship-options.ts";
import {
  lineQuantities,
  listOf,
  orderedLines,
  shipmentLines,
  shipmentSignature,
} from "../../lib/shipment-items.ts";
import { type ShopperMessage, shopperMessage } from "../../lib/shopper-messages.ts";

type Loose = Record<string, unknown>;

interface Dependencies {
  readonly logger?: Logger;
  /** The fulfillment module's entity manager, on Medusa's database. */
  readonly manager?: RawExecute;
}

/** A carrier's quote of a cart: its price, or the limits it refused the cart for. */
interface CartQuote {
  readonly price: number | undefined;
  readonly limits?: readonly LimitIssue[];
}

/** The fulfillment option of one offered carrier (`is_return` for the return variant). */
export interface ShipbridgeOption extends FulfillmentOption {
  readonly service: string;
  readonly name: string;
  readonly pickup_point: boolean;
}

/** What a shipped fulfillment keeps in `fulfillment.data`. */
export interface ShipmentData extends Loose {
  /** The shipment's name at the service (its user_reference_number is `storeId:key`). */
  readonly shipment_key: string;
  readonly package_id: number;
  /** The order command that ordered the package; absent when core cannot name it. */
  readonly command_id?: string;
  readonly service: string;
  readonly tracking_numbers: string[];
  readonly point?: ChosenPoint;
  readonly order_id?: string;
  /** What the package cost, when the service said. */
  readonly price?: { amount: number; currency: string };
}

function str(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** Core's address fields as Medusa's cart names them. */
/** What the service charged for a package, as a shipment's data keeps it. */
interface PackagePrice {
  readonly amount: number;
  readonly currency: string;
}

/** How long a shipment waits for its package's price (kept without one after that). */
const PRICE_WAIT_MS = 5_000;

const CART_FIELDS: Readonly<Record<string, string>> = {
  street: "address_1",
  street2: "address_2",
  postcode: "postal_code",
};

/** `address.postcode` as the storefront knows the field: `shipping_address.postal_code`. */
function cartAddressPath(path: string): string {
  const match = /^address(?:\.([a-z_0-9]+))?(.*)$/.exec(path);
  if (match === null) return path;
  const field = match[1] === undefined ? "" : `.${CART_FIELDS[match[1]] ?? match[1]}`;
  return `shipping_address${field}${match[2] ?? ""}`;
}

export class ShipbridgeFulfillmentService extends AbstractFulfillmentProviderService {
  static override identifier = "shipbridge";

  /** medusa-config.ts's options, as parsed at start-up. */
  readonly defaults: PluginOptions;
  /** The options in force: the merchant's saved settings over the defaults. */
  #inForce: PluginOptions;
  /** Reads the merchant's settings (undefined without Medusa's database). */
  readonly #settings: RawExecute | undefined;
  readonly connection: Connection;
  readonly #logger: Logger | undefined;
  readonly #quotes: QuoteCache<CartQuote>;
  /** The return a return fulfillment is for, from Medusa's tables (when the provider can read them). */
  readonly #findReturn: FindReturn | undefined;

  constructor(deps: Dependencies, options: unknown) {
    super();
    // One parse of the options and one database rule, shared with the module.
    this.defaults = pluginOptions(options);
    this.#inForce = this.defaults;
    const databaseUrl = databaseUrlOf(this.defaults);
    const manager = deps.manager;
    this.#settings = manager;
    this.#findReturn = manager === undefined ? undefined : findReturn(() => manager);
    this.connection = sharedConnection(
      this.defaults,
      databaseUrl,
      manager === undefined ? undefined : keptFulfillments(() => manager),
    );
    this.#logger = deps.logger;
    this.#quotes = new QuoteCache(this.defaults.quoteTtlSeconds * 1000);
  }

  /** The options in force (the merchant's settings over medusa-config.ts's), as last read. */
  get options(): PluginOptions {
    return this.#inForce;
  }

  /**
   * Reads the merchant's settings again (kept a few seconds per process);
   * `fresh` reads the database now, for what buys a parcel.
   */
  async #refresh(fresh = false): Promise<void> {
    if (this.#settings === undefined) return;
    this.#inForce = await optionsInForce(this.#settings, this.defaults, fresh);
  }

  /** How many quotes went to the service (for tests and diagnostics). */
  get quoteMisses(): number {
    return this.#quotes.misses;
  }

  #service(optionData: Loose | undefined): ServiceOption {
    const name = str(optionData?.["service"]);
    const service = this.options.services.find((s) => s.service === name);
    if (service === undefined) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `The shipping option's carrier "${String(name)}" is not among the plugin's services`,
        "service_not_offered",
      );
    }
    return service;
  }

  #refuse(code: ShopperMessage): never {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      shopperMessage(code, this.options.language),
      code,
    );
  }

  /** The language of the plugin's messages, as core names it. */
  get language() {
    return coreLanguage(this.options.language);
  }

  override async getFulfillmentOptions(): Promise<FulfillmentOption[]> {
    await this.#refresh();
    const options: ShipbridgeOption[] = [];
    for (const service of this.options.services) {
      const name = optionName(service, this.language);
      const id = service.pickup_point ? `${service.service}-point` : service.service;
      options.push({ id, service: service.service, name, pickup_point: service.pickup_point });
      if (service.returns) {
        options.push({
          id: `${service.service}-return`,
          service: service.service,
          name: returnOptionName(name, this.language),
          pickup_point: false,
          is_return: true,
        });
      }
    }
    return options;
  }

  override async validateOption(data: Loose): Promise<boolean> {
    await this.#refresh();
    return this.options.services.some((s) => s.service === data["service"]);
  }

  /**
   * A pickup-point option needs `point_id`, checked now against the points
   * API (points close during the day); the normalized point replaces the
   * shipping method's data.
   */
  override async validateFulfillmentData(
    optionData: Loose,
    data: Loose,
    context: unknown,
  ): Promise<Loose> {
    await this.#refresh();
    const service = this.#service(optionData);
    if (optionData["is_return"] === true) return { ...data, service: service.service };
    this.#checkCartAddress(context, service.pickup_point ? "point" : "courier");
    const quote = await this.#cartQuote(service.service, context);
    if (quote?.limits !== undefined) {
      throw carrierLimitRefusal(this.#optionName(service.service), quote.limits);
    }
    if (!service.pickup_point) return { ...data, service: service.service };
    const pointId = str(data["point_id"]);
    if (pointId === undefined) this.#refuse("point_required");
    const point = await this.findPoint(pointId).catch((error: unknown) => {
      this.#logger?.warn(
        `shipbridge: pickup point ${pointId} could not be checked: ${String(error)}`,
      );
      return this.#refuse("points_unavailable");
    });
    if (point === undefined) this.#refuse("point_not_found");
    if (point.service !== service.service) this.#refuse("point_other_carrier");
    if (pointClosure(point) !== undefined) this.#refuse("point_closed");
    return {
      ...data,
      service: service.service,
      point_id: point.code,
      point: { code: point.code, carrier: service.service } satisfies ChosenPoint,
      point_name: point.name ?? point.code,
      point_address: point.address ?? null,
    };
  }

  /**
   * The cart's shipping address, checked with core's checkAddress when the
   * shipping method is chosen (before the customer pays): a postcode not in
   * its country's form, a courier street without a house number, a bad
   * phone... refused with every field (as Medusa names it) and rule at once.
   * A cart without an address yet is left to Medusa.
   */
  #checkCartAddress(context: unknown, delivery: "courier" | "point"): void {
    const address = (context as { shipping_address?: Loose | null } | undefined)?.shipping_address;
    if (address === undefined || address === null) return;
    const checked = checkAddress(storeAddress(address), { delivery, language: this.language });
    if (checked.ok) return;
    const issues = checked.error.issues.map((issue) => ({
      ...issue,
      path: cartAddressPath(issue.path),
    }));
    throw asMedusaError(new ValidationError(issues, this.language), this.language);
  }

  /**
   * One point by its code, wherever it is; undefined when the service does
   * not know it. The service's errors reach the caller.
   */
  findPoint(code: string): Promise<Point | undefined> {
    return findPoint(this.connection.client, code);
  }

  override async canCalculate(data: unknown): Promise<boolean> {
    await this.#refresh();
    const optionData = (data as { data?: Loose } | undefined)?.data;
    return this.options.services.some((s) => s.service === optionData?.["service"]);
  }

  /**
   * The carrier's gross price for the cart, from a cache keyed by the
   * normalized quote; the flat price (and a warning) when the service cannot
   * quote in time, so a checkout never fails on shipping. A cart the carrier
   * cannot carry (too heavy, too long: the service's quote says which limit)
   * is refused with a 400 naming each broken limit, never priced flat. A
   * shipping method already on such a cart (Medusa prices it again with its
   * kept data, which names the service, when items change) gets no price
   * instead: Medusa then drops the method and the cart change goes through,
   * and choosing the option again is refused.
   */
  override async calculatePrice(
    optionData: Loose,
    data: Loose,
    context: unknown,
  ): Promise<CalculatedShippingOptionPrice> {
    await this.#refresh();
    const flat = {
      calculated_amount: this.options.flatPrice,
      is_calculated_price_tax_inclusive: true,
    };
    const service = str(optionData["service"]);
    if (service === undefined) return flat;
    const quote = await this.#cartQuote(service, context);
    if (quote === undefined) return flat;
    if (quote.limits !== undefined) {
      if (str(data?.["service"]) === undefined) {
        throw carrierLimitRefusal(this.#optionName(service), quote.limits);
      }
      this.#logger?.warn(
        `shipbridge: ${service} cannot carry the cart any more; its shipping method is dropped`,
      );
      // No amount: Medusa's refresh removes a method it cannot price.
      return {
        calculated_amount: undefined,
        is_calculated_price_tax_inclusive: true,
      } as unknown as CalculatedShippingOptionPrice;
    }
    if (quote.price === undefined) {
      this.#logger?.warn(`shipbridge: ${service} cannot carry this cart; flat price shown`);
      return flat;
    }
    return { calculated_amount: quote.price, is_calculated_price_tax_inclusive: true };
  }

  /** The name shoppers see for a carrier's option. */
  #optionName(service: string): string {
    const offered = this.options.services.find((s) => s.service === service);
    return optionName(offered ?? { service }, this.language);
  }

  /**
   * The service's quote of a carrier for the cart in `context` (its address
   * and items), cached; undefined when it cannot be asked (no address yet) or
   * did not answer (logged). A carrier that refused the cart for its limits
   * comes with those limits, in English and Polish.
   */
  async #cartQuote(service: string, context: unknown): Promise<CartQuote | undefined> {
    const cart = (context ?? {}) as Loose;
    const address = cart["shipping_address"] as Loose | undefined;
    if (str(address?.["postal_code"]) === undefined) return undefined;
    const items = Array.isArray(cart["items"]) ? (cart["items"] as Loose[]) : [];
    const request = quoteRequest(service, address as Loose, items, this.options);
    // One deadline for the whole quote, in both languages.
    const deadline = Date.now() + this.options.quoteTimeoutMs;
    const ask = async (language: Language) => {
      const { prices } = await this.connection.client.packages.calculatePrice(request, {
        deadline,
        language,
      });
      const entries = prices.services_prices.filter((p) => p.service === service);
      return {
        price: entries.find((p) => p.available)?.pricing?.price_gross ?? undefined,
        limits: entries.flatMap((p) => limitErrors(p.errors)),
      };
    };
    try {
      return await this.#quotes.get(JSON.stringify(request), async (): Promise<CartQuote> => {
        const first = await ask(this.language);
        if (first.price !== undefined || first.limits.length === 0) return { price: first.price };
        // Refused for its limits: the same refusal in the other language too.
        // The refusal stands whatever happens to that second quote (its
        // messages then repeat the first language's).
        const other = this.language === "pl_PL" ? "en_GB" : "pl_PL";
        const second = await ask(other).catch((error: unknown) => {
          this.#logger?.warn(
            `shipbridge: ${service} refused the cart; no ${other} quote (${String(error)})`,
          );
          return undefined;
        });
        const [en, pl] = this.language === "pl_PL" ? [second, first] : [first, second];
        return {
          price: undefined,
          limits: first.limits.map((limit, index) => ({
            rule: limit.rule,
            en: en?.limits[index]?.message ?? limit.message,
            pl: pl?.limits[index]?.message ?? limit.message,
          })),
        };
      });
    } catch (error) {
      this.#logger?.warn(
        `shipbridge: no quote from ${service} (${String(error)}); flat price shown`,
      );
      return undefined;
    }
  }

  #labels(result: ShipOrderResult, fulfillmentId: string) {
    return result.trackingNumbers.map((number, index) => ({
      tracking_number: number,
      tracking_url: result.trackingUrls[index] ?? result.trackingUrls[0] ?? "",
      label_url: labelPath(fulfillmentId),
    }));
  }

  /**
   * Ships the fulfillment with core's shipOrder, keyed by the fulfillment id
   * and locked in PostgreSQL: a second call for the same fulfillment (a retry
   * after a timeout, another instance) finds the first one's package and
   * order instead of paying again.
   */
  override async createFulfillment(
    data: Loose,
    items: Loose[],
    order: Loose | undefined,
    fulfillment: Loose,
  ): Promise<CreateFulfillmentResult> {
    try {
      // A purchase reads the settings afresh: another instance's save (a new
      // IBAN, sender, COD off) is in force at once.
      await this.#refresh(true);
      return await this.#createFulfillment(data, items, order, fulfillment);
    } catch (error) {
      throw asMedusaError(error, this.language);
    }
  }

  async #createFulfillment(
    data: Loose,
    given: Loose[],
    order: Loose | undefined,
    fulfillment: Loose,
  ): Promise<CreateFulfillmentResult> {
    // One item per order line: a kit's parts (an item per inventory item) are its line once.
    const items = shipmentLines(given, order);
    const fulfillmentId = str(fulfillment["id"]);
    if (fulfillmentId === undefined) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "The fulfillment has no id",
        "fulfillment_id_missing",
      );
    }
    const service = str(data["service"]) ?? this.#service(data).service;
    const point = data["point"] as ChosenPoint | undefined;
    // The point chosen at checkout, checked again before anything is paid
    // for; a batch that paid for this shipment already checked it.
    if (point !== undefined && !(await this.#prepaid(order, items, fulfillmentId))) {
      const refusal = await chosenPointRefusal(
        this.connection.client,
        point,
        service,
        this.language,
      );
      if (refusal !== undefined) throw refusal;
    }
    // An order paid on delivery with no COD account in force is refused
    // (cod_not_configured) before anything is begun or paid for.
    cashOnDelivery(order, this.options, this.language);
    const key = await this.#begin(
      str(order?.["id"]) ?? fulfillmentId,
      items,
      fulfillmentId,
      "shipment",
      orderedLines(order),
    );
    const storeOrder = fulfillmentOrder(
      key,
      items,
      order,
      fulfillment["delivery_address"] as Loose | undefined,
      service,
      point,
      this.options,
      await this.#cod(order, key),
    );
    const { result, price } = await this.#ship(key, fulfillmentId, () =>
      shipOrder(this.connection.client, storeOrder, this.#shipOptions()),
    );
    const orderId = str(order?.["id"]);
    const shipment: ShipmentData = {
      shipment_key: key,
      package_id: result.packageId,
      ...(result.commandId === undefined ? {} : { command_id: result.commandId }),
      service,
      tracking_numbers: [...result.trackingNumbers],
      ...(point === undefined ? {} : { point }),
      ...(orderId === undefined ? {} : { order_id: orderId }),
      ...(price === undefined ? {} : { price }),
    };
    this.#logger?.info(
      `shipbridge: fulfillment ${fulfillmentId} shipped as package ${result.packageId} (${result.steps.package}, ${result.steps.order})`,
    );
    return { data: { ...data, ...shipment }, labels: this.#labels(result, fulfillmentId) };
  }

  /**
   * Whether a batch paid for this shipment already (the same order and
   * items) and waits to hand it over: its package needs no second check.
   */
  async #prepaid(
    order: Loose | undefined,
    items: Loose[],
    fulfillmentId: string,
  ): Promise<boolean> {
    const orderId = str(order?.["id"]) ?? fulfillmentId;
    return this.connection.ledger
      .prepaid(this.options.storeId, orderId, shipmentSignature("shipment", items))
      .catch(() => false);
  }

  /**
   * What the service charged for a package; undefined when it cannot say
   * within `PRICE_WAIT_MS` (a price is not worth a hang). Never throws: the
   * package is paid for already.
   */
  async #priceOf(packageId: number): Promise<PackagePrice | undefined> {
    try {
      const details = await this.connection.client.packages.get(packageId, {
        signal: AbortSignal.timeout(PRICE_WAIT_MS),
      });
      const amount = details.pricing?.price_gross;
      return typeof amount === "number" ? { amount, currency: "PLN" } : undefined;
    } catch (error) {
      this.#logger?.warn(`shipbridge: no price for package ${packageId}: ${String(error)}`);
      return undefined;
    }
  }

  /**
   * The name of a fulfillment's shipment at the service (its package's
   * reference is `storeId:name`): derived from the fulfillment's id, so two
   * fulfillments never share a package, whatever was cancelled in between.
   * The same fulfillment again (a retry after a timeout, another instance)
   * keeps its name and finds its package. When a run throws, Medusa deletes
   * the fulfillment and the admin's retry brings a new id: the ledger hands
   * the retry of the same order and items (`kind`, lines and quantities) the
   * failed attempt's name, once, so it finds the package the service may
   * have charged for instead of paying again. So does a run whose process
   * died mid-way (its attempt still running, its lease lapsed).
   */
  async #begin(
    orderId: string,
    items: Loose[],
    fulfillmentId: string,
    kind: "shipment" | "return",
    order?: Record<string, OrderedLine>,
    returnId?: string,
  ): Promise<string> {
    const hash = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 12);
    const fresh = `${orderId}${kind === "return" ? "-return" : ""}-${hash(fulfillmentId)}`;
    return this.connection.ledger.begin({
      storeId: this.options.storeId,
      orderId,
      signature: returnId === undefined ? shipmentSignature(kind, items) : `return:${returnId}`,
      ...(returnId === undefined ? {} : { once: true }),
      language: this.language,
      fulfillmentId,
      fresh,
      ...(kind === "shipment" ? { lines: lineQuantities(items) } : {}),
      ...(order === undefined ? {} : { order }),
    });
  }

  /**
   * Cash on delivery for this shipment: the order's total when the order is
   * paid on delivery and no other live package of it collects already (the
   * first package of a split order; the next one when that one is cancelled).
   */
  async #cod(order: Loose | undefined, key: string) {
    const cod = cashOnDelivery(order, this.options);
    if (cod === undefined) return undefined;
    return (await this.connection.ledger.claimCod(key)) ? cod : undefined;
  }

  /**
   * Runs one shipOrder under its ledger entry, renewing the entry's lease
   * while it works (a process that dies mid-run stops renewing, and the
   * retry takes its name over): shipped, or failed for a retry to take over.
   * The lease is held until the provider has all it returns (the package's
   * price too): a shipped attempt whose lease lapsed before Medusa kept its
   * fulfillment is one a duplicate request may take over.
   */
  async #ship(
    key: string,
    fulfillmentId: string,
    run: () => Promise<ShipOrderResult>,
  ): Promise<{ result: ShipOrderResult; price: PackagePrice | undefined }> {
    const ledger = this.connection.ledger;
    const lease = ledger.hold(key, fulfillmentId, (cause) => {
      this.#logger?.warn(`shipbridge: attempt ${key} lease not renewed: ${String(cause)}`);
    });
    let result: ShipOrderResult;
    try {
      result = await run();
    } catch (error) {
      await lease.stop();
      // An invalid order is final (no retry takes its name over) when the
      // name is fresh (the ledger judges: a takeover may stand on a paid
      // package, and stays failed for reconcile). Anything else may have
      // reached the service: a retry finds it.
      const final = isInvalidShipment(error);
      await (final ? ledger.refused(key, fulfillmentId) : ledger.failed(key, fulfillmentId)).catch(
        (cause: unknown) => {
          this.#logger?.warn(`shipbridge: attempt ${key} not marked: ${String(cause)}`);
        },
      );
      throw error;
    }
    const price = await this.#priceOf(result.packageId);
    await lease.stop();
    // The package is paid for: a ledger that cannot be written must not fail the fulfillment.
    await ledger.shipped(key, result.packageId).catch((cause: unknown) => {
      this.#logger?.warn(`shipbridge: attempt ${key} not marked shipped: ${String(cause)}`);
    });
    return { result, price };
  }

  #shipOptions(from = this.options.sender) {
    return shipOptions(this.options, this.connection, this.language, from);
  }

  /**
   * Cancels the fulfillment's package with a cancel command whose uuid comes
   * from the package id, so a repeat (Medusa's rollback calls this too) is the
   * same command and changes nothing.
   */
  override async cancelFulfillment(data: Loose): Promise<Loose> {
    try {
      return await this.#cancelFulfillment(data);
    } catch (error) {
      throw asMedusaError(error, this.language);
    }
  }

  async #cancelFulfillment(data: Loose): Promise<Loose> {
    const packageId = data["package_id"];
    if (typeof packageId !== "number") return { canceled: false };
    const { cancel_command_id } = await cancelPackage(
      this.connection.client,
      this.options.storeId,
      packageId,
      "Fulfillment cancelled in Medusa",
    );
    await this.connection.ledger
      .cancelled(this.options.storeId, packageId)
      .catch((cause: unknown) => {
        this.#logger?.warn(
          `shipbridge: package ${packageId} not marked cancelled: ${String(cause)}`,
        );
      });
    return { canceled: true, cancel_command_id };
  }

  /**
   * A return shipment from the customer to the store: the customer's address
   * is the fulfillment's delivery address (or its order's shipping address),
   * the store's is the plugin's sender. Created once per order and returned
   * items, like a shipment.
   */
  override async createReturnFulfillment(fulfillment: Loose): Promise<CreateFulfillmentResult> {
    try {
      await this.#refresh(true);
      return await this.#createReturnFulfillment(fulfillment);
    } catch (error) {
      throw asMedusaError(error, this.language);
    }
  }

  async #createReturnFulfillment(fulfillment: Loose): Promise<CreateFulfillmentResult> {
    const fulfillmentId = str(fulfillment["id"]);
    if (fulfillmentId === undefined) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "The return fulfillment has no id",
        "fulfillment_id_missing",
      );
    }
    const option = (fulfillment["shipping_option"] ?? {}) as Loose;
    const optionData = (option["data"] ?? fulfillment["data"] ?? {}) as Loose;
    const service = this.#service(optionData).service;
    const order = fulfillment["order"] as Loose | undefined;
    const customer = storeAddress(
      (fulfillment["delivery_address"] ?? order?.["shipping_address"]) as Loose | undefined,
    );
    const customerName =
      [customer.first_name, customer.last_name].filter(Boolean).join(" ") || "Customer";
    const store = this.options.sender;
    const given = listOf(fulfillment["items"]);
    // Medusa may hand the return over without its items: then one parcel of
    // the default item weight goes back.
    const items = given.length > 0 ? given : [{ title: "Returned goods", quantity: 1 }];
    // Medusa hands a return over without its order (the link comes later):
    // the customer's address stands for it, so a retry still finds the first
    // attempt of the same return.
    const orderKey =
      str(order?.["id"]) ??
      str(fulfillment["order_id"]) ??
      `address-${createHash("sha256").update(JSON.stringify(customer)).digest("hex").slice(0, 16)}`;
    // Keyed by the return itself when Medusa's tables name it: two
    // confirmations of one return at once buy one parcel, and a shipped
    // attempt of that return refuses another; a later return of the same
    // items is a return of its own.
    const found = await this.#findReturn?.(lineQuantities(given));
    const key = await this.#begin(
      found?.order_id ?? orderKey,
      given,
      fulfillmentId,
      "return",
      undefined,
      found?.id,
    );
    const storeOrder = fulfillmentOrder(
      key,
      items,
      order,
      {
        first_name: store.name,
        company: store.company,
        address_1: store.street,
        postal_code: store.postcode,
        city: store.city,
        country_code: store.country_code,
        phone: store.phone,
      },
      service,
      undefined,
      this.options,
    );
    const from = {
      name: customerName,
      street: [customer.street, customer.street2].filter(Boolean).join(" "),
      postcode: customer.postcode,
      city: customer.city,
      country_code: customer.country_code,
      phone: customer.phone ?? store.phone,
      ...(store.email === undefined ? {} : { email: store.email }),
    };
    const { result, price } = await this.#ship(key, fulfillmentId, () =>
      shipOrder(
        this.connection.client,
        { ...storeOrder, customer: { ...storeOrder.customer, phone: store.phone } },
        { ...this.#shipOptions(from), pickup: from },
      ),
    );
    const orderId = str(order?.["id"]) ?? str(fulfillment["order_id"]);
    return {
      data: {
        shipment_key: key,
        package_id: result.packageId,
        ...(result.commandId === undefined ? {} : { command_id: result.commandId }),
        service,
        tracking_numbers: [...result.trackingNumbers],
        is_return: true,
        ...(orderId === undefined ? {} : { order_id: orderId }),
        ...(price === undefined ? {} : { price }),
      },
      labels: this.#labels(result, fulfillmentId),
    };
  }
}
