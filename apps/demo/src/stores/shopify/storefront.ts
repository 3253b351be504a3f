// The simulated Shopify storefront's checkout, as Shopify runs it: rates come
// from the app's carrier-rate callback (a signed request with the documented
// payload), the order is created in the fake Admin API with the chosen rate
// as its shipping line (so a locker rate carries its point), and the app
// hears of it through signed orders/create, orders/paid and orders/cancelled
// webhooks. The checkout speaks the customer's language: the rate request
// carries it as `locale`, and the app names its rates in it.
import { ShipbridgeError } from "@shipbridge/core";
import type { ShopifyOrder } from "@shipbridge/shopify";
import { decodeServiceCode } from "@shipbridge/shopify";
import { type FakeShopify, rateCallbackRequest, webhookRequest } from "@shipbridge/shopify/testing";
import type pg from "pg";
import type { Language } from "../../server/language.ts";
import type { CustomerAddress } from "../customers.ts";
import { type KnownPoint, knownPoints } from "../points.ts";

export interface StorefrontRate {
  readonly code: string;
  readonly name: string;
  readonly description: string | null;
  readonly price: { readonly amount: number; readonly currency: string };
  readonly locker: boolean;
  readonly point: string | null;
  /** The point's name, address and coordinates when known (for the checkout's map). */
  readonly place?: KnownPoint | null;
}

/** The cart every test order buys: two items with weights, in PLN. */
export const CART = [
  { id: 1, sku: "KUBEK", name: "Kubek", quantity: 1, grams: 400, price: "39.90" },
  { id: 2, sku: "KSIAZKA", name: "Książka", quantity: 1, grams: 500, price: "59.00" },
] as const;

const ORIGIN = {
  country: "PL",
  postal_code: "00-624",
  province: null,
  city: "Warszawa",
  name: "Sklep Kowalski",
  address1: "ul. Marszałkowska 1",
  address2: null,
  address3: null,
  phone: "501234567",
  fax: null,
  email: null,
  address_type: null,
  company_name: "Sklep Kowalski",
};

/** A storefront's refusal, answered as JSON with its code and HTTP status. */
export class StorefrontError extends ShipbridgeError {
  readonly status: 400 | 404 | 502;
  constructor(code: string, message: string, status: 400 | 404 | 502 = 400) {
    super(code, message);
    this.status = status;
  }
}

export interface ShopifyStorefrontOptions {
  readonly appUrl: string;
  readonly apiSecretKey: string;
  readonly shop: string;
  readonly fake: FakeShopify;
  readonly saveFake: () => void;
  readonly pool: pg.Pool;
  /** Learns a chosen point's name, address and coordinates (for the dashboard's map). */
  readonly describePoint?: (
    service: string,
    point: string,
    address: CustomerAddress,
  ) => Promise<void>;
}

function subunits(amount: string): number {
  return Math.round(Number(amount) * 100);
}

export class ShopifyStorefront {
  private readonly options: ShopifyStorefrontOptions;
  constructor(options: ShopifyStorefrontOptions) {
    this.options = options;
  }

  /** Asks the app's carrier-rate callback, exactly as Shopify's checkout does. */
  async rates(address: CustomerAddress, language: Language = "pl"): Promise<StorefrontRate[]> {
    const { appUrl, apiSecretKey, shop } = this.options;
    const request = rateCallbackRequest({
      url: new URL("/rates", appUrl).href,
      apiSecretKey,
      shop,
      rate: {
        origin: ORIGIN,
        destination: {
          country: "PL",
          postal_code: address.postcode,
          province: null,
          city: address.city,
          name: `${address.first_name} ${address.last_name}`,
          address1: address.street,
          address2: null,
          address3: null,
          phone: address.phone,
          fax: null,
          email: address.email,
          address_type: null,
          company_name: null,
        },
        items: CART.map((item, index) => ({
          name: item.name,
          sku: item.sku,
          quantity: item.quantity,
          grams: item.grams,
          price: subunits(item.price),
          vendor: "Sklep Kowalski",
          requires_shipping: true,
          taxable: true,
          fulfillment_service: "manual",
          properties: null,
          product_id: 9_000_000 + index,
          variant_id: 9_100_000 + index,
        })),
        currency: "PLN",
        locale: language,
        order_totals: { subtotal_price: 9890, total_price: 9890, discount_amount: 0 },
      },
    });
    const response = await fetch(request);
    if (!response.ok) {
      throw new StorefrontError(
        "rates_failed",
        `the rate callback answered ${response.status}`,
        502,
      );
    }
    const body = (await response.json()) as {
      rates?: {
        service_name: string;
        service_code: string;
        total_price: string;
        currency: string;
        description?: string;
      }[];
    };
    return (body.rates ?? []).map((rate) => {
      const choice = decodeServiceCode(rate.service_code);
      return {
        code: rate.service_code,
        name: rate.service_name,
        description: rate.description ?? null,
        price: { amount: Number(rate.total_price) / 100, currency: rate.currency },
        locker: choice?.kind === "point",
        point: choice?.kind === "point" ? choice.point : null,
      };
    });
  }

  /**
   * The rates a customer sees: as `rates`, each locker with its name,
   * address and coordinates (learnt as the dashboard's map learns them) so
   * the checkout can put it on its map.
   */
  async ratesWithPlaces(address: CustomerAddress, language: Language): Promise<StorefrontRate[]> {
    const rates = await this.rates(address, language);
    const lockers = rates.filter((rate) => rate.point !== null);
    await Promise.all(
      lockers.map((rate) => {
        const choice = decodeServiceCode(rate.code);
        return choice?.kind === "point"
          ? this.options.describePoint?.(choice.service, choice.point, address).catch(() => {})
          : undefined;
      }),
    );
    const known = lockers.length > 0 ? await knownPoints(this.options.pool) : new Map();
    return rates.map((rate) => ({
      ...rate,
      place: rate.point ? (known.get(rate.point) ?? null) : null,
    }));
  }

  /** Places the order with the chosen rate and sends orders/create. */
  async placeOrder(
    address: CustomerAddress,
    rateCode: string,
    language: Language = "pl",
  ): Promise<{ id: string; name: string }> {
    const rates = await this.rates(address, language);
    const rate = rates.find((candidate) => candidate.code === rateCode);
    if (!rate) {
      throw new StorefrontError(
        "unknown_rate",
        language === "pl"
          ? "Ta stawka nie jest dostępna dla tego adresu; pokaż stawki ponownie."
          : "This rate is not offered for this address; get the rates again.",
      );
    }
    const { rows } = await this.options.pool.query(
      "SELECT nextval('demo_shopify_order_number') AS n",
    );
    const number = Number(rows[0].n);
    const id = 7_000_000_000 + number;
    const now = new Date().toISOString();
    const shipping = rate.price.amount.toFixed(2);
    const subtotal = CART.reduce((sum, item) => sum + Number(item.price) * item.quantity, 0);
    const order: ShopifyOrder & { created_at: string } = {
      id,
      admin_graphql_api_id: `gid://shopify/Order/${id}`,
      name: `#${number}`,
      email: address.email,
      phone: address.phone,
      currency: "PLN",
      subtotal_price: subtotal.toFixed(2),
      total_price: (subtotal + rate.price.amount).toFixed(2),
      total_outstanding: (subtotal + rate.price.amount).toFixed(2),
      total_shipping_price_set: { shop_money: { amount: shipping, currency_code: "PLN" } },
      payment_gateway_names: ["manual"],
      financial_status: "pending",
      cancelled_at: null,
      created_at: now,
      updated_at: now,
      customer: {
        first_name: address.first_name,
        last_name: address.last_name,
        email: address.email,
        phone: address.phone,
      },
      shipping_address: {
        first_name: address.first_name,
        last_name: address.last_name,
        company: null,
        address1: address.street,
        address2: null,
        city: address.city,
        zip: address.postcode,
        province_code: null,
        country_code: "PL",
        phone: address.phone,
      },
      line_items: CART.map((item) => ({
        ...item,
        current_quantity: item.quantity,
        requires_shipping: true,
      })),
      shipping_lines: [
        { title: rate.name, code: rate.code, source: "shipbridge", price: shipping },
      ],
    };
    this.options.fake.addOrder(this.options.shop, order);
    this.options.saveFake();
    await this.options.pool.query(
      "INSERT INTO demo_shopify_orders (id, name, payload) VALUES ($1, $2, $3)",
      [id, order.name, JSON.stringify(order)],
    );
    await this.#webhook("orders/create", order);
    const choice = decodeServiceCode(rate.code);
    if (choice?.kind === "point") {
      await this.options.describePoint?.(choice.service, choice.point, address).catch(() => {});
    }
    return { id: String(id), name: order.name ?? `#${number}` };
  }

  /** The customer paid: orders/paid. */
  async markPaid(orderId: string): Promise<void> {
    const order = await this.#update(orderId, (now) => ({
      financial_status: "paid",
      total_outstanding: "0.00",
      updated_at: now,
    }));
    // The shop holds the order as paid, as its Admin API answers it.
    this.options.fake.updateOrder(this.options.shop, order);
    this.options.saveFake();
    await this.#webhook("orders/paid", order);
  }

  /** The merchant cancelled the order in Shopify: orders/cancelled. */
  async cancel(orderId: string): Promise<void> {
    const order = await this.#update(orderId, (now) => ({ cancelled_at: now, updated_at: now }));
    const fakeOrder = this.options.fake.order(
      this.options.shop,
      String(order.admin_graphql_api_id),
    );
    if (fakeOrder) fakeOrder.cancelledAt = String(order.cancelled_at);
    this.options.saveFake();
    await this.#webhook("orders/cancelled", order);
  }

  async #update(
    orderId: string,
    change: (now: string) => Partial<ShopifyOrder>,
  ): Promise<ShopifyOrder> {
    const { rows } = await this.options.pool.query(
      "SELECT payload FROM demo_shopify_orders WHERE id::text = $1",
      [orderId],
    );
    if (!rows[0]) {
      throw new StorefrontError(
        "order_not_found",
        `no order ${orderId} / nie ma zamówienia ${orderId}`,
        404,
      );
    }
    const order = { ...(rows[0].payload as ShopifyOrder), ...change(new Date().toISOString()) };
    await this.options.pool.query(
      "UPDATE demo_shopify_orders SET payload = $2 WHERE id::text = $1",
      [orderId, JSON.stringify(order)],
    );
    return order;
  }

  async #webhook(topic: string, payload: ShopifyOrder): Promise<void> {
    const response = await fetch(
      webhookRequest({
        url: new URL("/webhooks", this.options.appUrl).href,
        apiSecretKey: this.options.apiSecretKey,
        shop: this.options.shop,
        topic,
        payload,
      }),
    );
    if (!response.ok) {
      throw new StorefrontError(
        "webhook_refused",
        `the app answered ${topic} with ${response.status}`,
        502,
      );
    }
  }

  /** The orders placed here, newest first (names and creation times for the dashboard). */
  async placed(): Promise<Map<string, { name: string; createdAt: string; customer: string }>> {
    const { rows } = await this.options.pool.query(
      "SELECT id::text AS id, name, created_at, payload FROM demo_shopify_orders ORDER BY id DESC",
    );
    return new Map(
      rows.map((row) => {
        const customer = (row.payload as ShopifyOrder).customer;
        return [
          row.id as string,
          {
            name: row.name as string,
            createdAt: (row.created_at as Date).toISOString(),
            customer: `${customer?.first_name ?? ""} ${customer?.last_name ?? ""}`.trim(),
          },
        ];
      }),
    );
  }
}
