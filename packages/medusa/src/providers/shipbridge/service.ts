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
  orderCommandId,
  type ShipOrderResult,
  shipOrder,
  shipOrderReference,
} from "@shipbridge/core";
import type { Point } from "@shipbridge/core/schemas";
import { type Connection, openConnection } from "../../lib/connection.ts";
import { labelPath } from "../../lib/label-path.ts";
import {
  type ChosenPoint,
  fulfillmentOrder,
  quoteRequest,
  storeAddress,
} from "../../lib/medusa-order.ts";
import {
  type PluginOptions,
  PluginOptionsError,
  parsePluginOptions,
  type ServiceOption,
} from "../../lib/options.ts";
import { QuoteCache } from "../../lib/quote-cache.ts";
import { type ShopperMessage, shopperMessage } from "../../lib/shopper-messages.ts";

type Loose = Record<string, unknown>;

interface Dependencies {
  readonly logger?: Logger;
  readonly configModule?: { projectConfig?: { databaseUrl?: string } };
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
  readonly command_id: string;
  readonly service: string;
  readonly tracking_numbers: string[];
  readonly point?: ChosenPoint;
  readonly order_id?: string;
  /** What the package cost, when the service said. */
  readonly price?: { amount: number; currency: string };
}

/** An array, or the entries of a collection Medusa passes as its ORM entity's. */
function listOf(value: unknown): Loose[] {
  if (Array.isArray(value)) return value as Loose[];
  if (value !== null && typeof value === "object" && Symbol.iterator in value) {
    return Array.from(value as Iterable<Loose>);
  }
  return [];
}

/** An order line's quantities already shipped out, or already in returns. */
const FULFILLED = ["fulfilled_quantity"] as const;
const RETURNED = [
  "return_requested_quantity",
  "return_received_quantity",
  "return_dismissed_quantity",
] as const;

function str(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

export class ShipbridgeFulfillmentService extends AbstractFulfillmentProviderService {
  static override identifier = "shipbridge";

  readonly options: PluginOptions;
  readonly connection: Connection;
  readonly #logger: Logger | undefined;
  readonly #quotes: QuoteCache<number | undefined>;

  constructor(deps: Dependencies, options: unknown) {
    super();
    // Medusa adds its database settings to a provider's options in an application.
    this.options = parsePluginOptions(options, ["database"]);
    const databaseUrl = this.options.databaseUrl ?? deps.configModule?.projectConfig?.databaseUrl;
    if (databaseUrl === undefined) {
      throw new PluginOptionsError([
        {
          path: "databaseUrl",
          message:
            "required when Medusa's projectConfig.databaseUrl is not set / wymagane, gdy Medusa nie ma projectConfig.databaseUrl",
        },
      ]);
    }
    this.connection = openConnection(this.options, databaseUrl);
    this.#logger = deps.logger;
    this.#quotes = new QuoteCache(this.options.quoteTtlSeconds * 1000);
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
      );
    }
    return service;
  }

  #refuse(code: ShopperMessage): never {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      shopperMessage(code, this.options.language),
    );
  }

  override async getFulfillmentOptions(): Promise<FulfillmentOption[]> {
    const options: ShipbridgeOption[] = [];
    for (const service of this.options.services) {
      const name = service.name ?? service.service;
      const id = service.pickup_point ? `${service.service}-point` : service.service;
      options.push({ id, service: service.service, name, pickup_point: service.pickup_point });
      if (service.returns) {
        options.push({
          id: `${service.service}-return`,
          service: service.service,
          name: `${name} (return)`,
          pickup_point: false,
          is_return: true,
        });
      }
    }
    return options;
  }

  override async validateOption(data: Loose): Promise<boolean> {
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
    _context: unknown,
  ): Promise<Loose> {
    const service = this.#service(optionData);
    if (!service.pickup_point || optionData["is_return"] === true) {
      return { ...data, service: service.service };
    }
    const pointId = str(data["point_id"]);
    if (pointId === undefined) this.#refuse("point_required");
    const point = await this.findPoint(pointId);
    if (point === undefined) this.#refuse("point_not_found");
    if (point.service !== service.service) this.#refuse("point_other_carrier");
    if (point.active === false || point.holiday === true) this.#refuse("point_closed");
    return {
      ...data,
      service: service.service,
      point_id: point.code,
      point: { code: point.code, carrier: service.service } satisfies ChosenPoint,
      point_name: point.name ?? point.code,
      point_address: point.address ?? null,
    };
  }

  /** One point by its code, wherever it is; undefined when the service does not know it. */
  async findPoint(code: string): Promise<Point | undefined> {
    try {
      const { points } = await this.connection.client.points.map({
        location: { search_phrase: code },
        filters: { point_id: code },
        limit: 1,
      });
      return points.find((point) => point.code === code);
    } catch (error) {
      this.#logger?.warn(`shipbridge: pickup point ${code} could not be checked: ${String(error)}`);
      return this.#refuse("points_unavailable");
    }
  }

  override async canCalculate(data: unknown): Promise<boolean> {
    const optionData = (data as { data?: Loose } | undefined)?.data;
    return this.options.services.some((s) => s.service === optionData?.["service"]);
  }

  /**
   * The carrier's gross price for the cart, from a cache keyed by the
   * normalized quote; the flat price (and a warning) when the service cannot
   * quote in time, so a checkout never fails on shipping.
   */
  override async calculatePrice(
    optionData: Loose,
    _data: Loose,
    context: unknown,
  ): Promise<CalculatedShippingOptionPrice> {
    const cart = (context ?? {}) as Loose;
    const flat = {
      calculated_amount: this.options.flatPrice,
      is_calculated_price_tax_inclusive: true,
    };
    const service = str(optionData["service"]);
    const address = cart["shipping_address"] as Loose | undefined;
    if (service === undefined || str(address?.["postal_code"]) === undefined) return flat;
    const items = Array.isArray(cart["items"]) ? (cart["items"] as Loose[]) : [];
    const request = quoteRequest(service, address, items, this.options);
    try {
      const price = await this.#quotes.get(JSON.stringify(request), async () => {
        const { prices } = await this.connection.client.packages.calculatePrice(request, {
          deadline: Date.now() + this.options.quoteTimeoutMs,
        });
        const quote = prices.services_prices.find((p) => p.service === service && p.available);
        return quote?.pricing?.price_gross ?? undefined;
      });
      if (price === undefined) {
        this.#logger?.warn(`shipbridge: ${service} cannot carry this cart; flat price shown`);
        return flat;
      }
      return { calculated_amount: price, is_calculated_price_tax_inclusive: true };
    } catch (error) {
      this.#logger?.warn(
        `shipbridge: no quote from ${service} (${String(error)}); flat price shown`,
      );
      return flat;
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
    const fulfillmentId = str(fulfillment["id"]);
    if (fulfillmentId === undefined) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "The fulfillment has no id");
    }
    const service = str(data["service"]) ?? this.#service(data).service;
    const point = data["point"] as ChosenPoint | undefined;
    const key = await this.#shipmentKey(order, items, fulfillmentId);
    const storeOrder = fulfillmentOrder(
      key,
      items,
      order,
      fulfillment["delivery_address"] as Loose | undefined,
      service,
      point,
      this.options,
    );
    const result = await shipOrder(this.connection.client, storeOrder, this.#shipOptions());
    const orderId = str(order?.["id"]);
    const price = await this.#priceOf(result.packageId);
    const shipment: ShipmentData = {
      shipment_key: key,
      package_id: result.packageId,
      command_id: result.commandId,
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
   * What the service charged for a package; undefined when it cannot say
   * now. Never throws: the package is paid for already.
   */
  async #priceOf(packageId: number): Promise<{ amount: number; currency: string } | undefined> {
    try {
      const details = await this.connection.client.packages.get(packageId);
      const amount = details.pricing?.price_gross;
      return typeof amount === "number" ? { amount, currency: "PLN" } : undefined;
    } catch (error) {
      this.#logger?.warn(`shipbridge: no price for package ${packageId}: ${String(error)}`);
      return undefined;
    }
  }

  /**
   * The name of a fulfillment's shipment at the service: its order, its items
   * (line and quantity) and, per line, how much of it the order had fulfilled
   * before this fulfillment; not the fulfillment's id. When the provider
   * throws, Medusa deletes the fulfillment and the admin's retry makes a new
   * one with a new id; nothing was registered as fulfilled, so the retry gets
   * the same name and finds the first attempt's package instead of paying
   * for a second. A later, separate fulfillment of the same line (2 x L
   * fulfilled as 1 now, 1 later) starts from a higher fulfilled quantity and
   * gets its own name and package. Once a shipment is cancelled, the same
   * items ship again under the next name (`-2`, `-3`, ...). A return's name
   * (`kind` "return") counts, instead, the quantities the order had in
   * returns already, so a retried return finds its first package too.
   */
  async #shipmentKey(
    order: Loose | undefined,
    items: Loose[],
    fulfillmentId: string,
    kind: "shipment" | "return" = "shipment",
  ) {
    const orderId = str(order?.["id"]);
    if (orderId === undefined) return fulfillmentId;
    const lines = listOf(order?.["items"]);
    const content = items
      .map((item) => {
        const lineId = item["line_item_id"];
        const line = lines.find((l) => lineId !== undefined && l["id"] === lineId);
        const detail = (line?.["detail"] ?? {}) as Loose;
        const counted = kind === "shipment" ? FULFILLED : RETURNED;
        const before = counted.reduce(
          (sum, field) => sum + Number(detail[field] ?? line?.[field] ?? 0),
          0,
        );
        // Nothing appended for a first fulfillment: its name stays the one
        // earlier versions gave it.
        const from = Number.isFinite(before) && before > 0 ? `@${before}` : "";
        return `${String(lineId ?? item["sku"] ?? item["title"])}x${String(item["quantity"])}${from}`;
      })
      .sort()
      .join(",");
    const base = `${orderId}${kind === "return" ? "-return" : ""}-${createHash("sha256").update(content).digest("hex").slice(0, 12)}`;
    for (let attempt = 1; ; attempt++) {
      const key = attempt === 1 ? base : `${base}-${attempt}`;
      const { packages } = await this.connection.client.packages.list({
        user_reference_number: shipOrderReference(this.options.storeId, key),
      });
      if (packages.length === 0 || packages.some((pkg) => pkg.state !== "canceled")) return key;
    }
  }

  #shipOptions(from = this.options.sender) {
    return {
      storeId: this.options.storeId,
      sender: from,
      pickup: this.options.pickup ?? from,
      parcel: this.options.parcel,
      lock: this.connection.store,
      ...(this.options.cod === undefined ? {} : { cod: this.options.cod }),
      ...(this.options.companyId === undefined ? {} : { companyId: this.options.companyId }),
    };
  }

  /**
   * Cancels the fulfillment's package with a cancel command whose uuid comes
   * from the package id, so a repeat (Medusa's rollback calls this too) is the
   * same command and changes nothing.
   */
  override async cancelFulfillment(data: Loose): Promise<Loose> {
    const packageId = data["package_id"];
    if (typeof packageId !== "number") return { canceled: false };
    const uuid = orderCommandId(this.options.storeId, `cancel-${packageId}`);
    const command = await this.connection.client.cancelCommands.run(uuid, {
      packages: [{ id: packageId }],
      reasonType: "store_cancelled",
      reasonContent: "Fulfillment cancelled in Medusa",
    });
    const cancelled = command.successfully_canceled_packages?.some(
      (entry) => entry.package_id === packageId,
    );
    const errors = (command.errors ?? []) as { code?: string }[];
    const already = errors.some((e) => e.code === "package_already_cancelled");
    if (!cancelled && !already) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Package ${packageId} could not be cancelled: ${errors.map((e) => e.code).join(", ") || command.status}`,
      );
    }
    return { canceled: true, cancel_command_id: uuid };
  }

  /**
   * A return shipment from the customer to the store: the customer's address
   * is the fulfillment's delivery address (or its order's shipping address),
   * the store's is the plugin's sender. Created once per order and returned
   * items, like a shipment.
   */
  override async createReturnFulfillment(fulfillment: Loose): Promise<CreateFulfillmentResult> {
    const fulfillmentId = str(fulfillment["id"]);
    if (fulfillmentId === undefined) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "The return fulfillment has no id");
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
    // Keyed like a shipment, not by the fulfillment's id: when this throws,
    // Medusa's retry brings a new id, and must find the first return's package.
    const key = await this.#shipmentKey(order, items, fulfillmentId, "return");
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
    const result = await shipOrder(
      this.connection.client,
      { ...storeOrder, customer: { ...storeOrder.customer, phone: store.phone } },
      { ...this.#shipOptions(from), pickup: from },
    );
    const orderId = str(order?.["id"]) ?? str(fulfillment["order_id"]);
    const price = await this.#priceOf(result.packageId);
    return {
      data: {
        shipment_key: key,
        package_id: result.packageId,
        command_id: result.commandId,
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
