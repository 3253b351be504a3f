// A checkout in the Medusa store through its store API, as a storefront does
// it: a cart with the address and two products, the shipping options with
// their calculated prices (the plugin asks the service), the lockers near the
// address from the plugin's pickup-point route, the chosen option added with
// its locker (checked again on the server), payment with the system provider,
// and the cart completed into an order. A rate keeps the name the merchant
// gave its option ("Name at checkout" in the plugin's settings, or the
// option's name in Medusa's admin); an option of the plugin left unnamed is
// named for the customer in the checkout's language by core's deliveryName
// ("Kurier DPD" / "DPD courier"), as the Shopify app names its rates.
import { deliveryName } from "@shipbridge/core";
import type pg from "pg";
import type { Language } from "../../server/language.ts";
import type { CustomerAddress } from "../customers.ts";
import { type RoutePoint, rememberPoints, toKnownPoint } from "../points.ts";
import { StorefrontError, type StorefrontRate } from "../shopify/storefront.ts";
import type { MedusaApi } from "./medusa-api.ts";

/** A shipping option as the store API lists it; the plugin's keep their service in `data`. */
export interface Option {
  readonly id: string;
  readonly name: string;
  readonly data: {
    id: string;
    service?: string;
    pickup_point?: boolean;
    is_return?: boolean;
  } | null;
}

/**
 * The plugin's service an option ships with, when the option is one of the
 * plugin's (its data names the service, and its id is the service's own or
 * the service's points'); undefined for any other provider's option.
 */
function pluginService(option: Option): string | undefined {
  const service = option.data?.service;
  if (typeof service !== "string" || service === "") return undefined;
  const id = option.data?.id;
  return id === service || id === `${service}-point` ? service : undefined;
}

/**
 * Whether an option of the plugin's carries no name of the merchant's: its
 * code, or the name the plugin gives an unnamed option (core's name of the
 * way of delivery, in either language).
 */
function isDefaultName(option: Option, service: string): boolean {
  const anyPoint = option.data?.id === service ? null : {};
  return (
    option.name === service ||
    option.name === option.data?.id ||
    option.name === deliveryName(service, anyPoint, "en") ||
    option.name === deliveryName(service, anyPoint, "pl")
  );
}

/**
 * What the customer reads for an option (at `point` for a pickup option):
 * the merchant's own name when the merchant gave one (a point's code after
 * it), else, for the plugin's options, core's name in the customer's
 * language ("Paczkomat InPost GDA01M (0,4 km)"); any other option keeps its name.
 */
export function optionRateName(
  option: Option,
  point: { readonly code: string; readonly distance?: number | null } | null,
  language: Language,
): string {
  const service = pluginService(option);
  const unnamed = service !== undefined && isDefaultName(option, service);
  if (service !== undefined && unnamed)
    return deliveryName(service, point, language, { distanceKm: point?.distance ?? null });
  return point ? `${option.name} ${point.code}` : option.name;
}

/** The code of a rate: the option's id, and the point's code for a locker. */
const rateCode = (optionId: string, point?: string) => (point ? `${optionId}:${point}` : optionId);

export class MedusaCheckout {
  private readonly api: MedusaApi;
  private readonly pool: pg.Pool;
  /** The region and the two products every cart holds (the store's catalogue does not change). */
  #basket:
    | Promise<{ region: string; items: { variant_id: string; quantity: number }[] }>
    | undefined;

  constructor(api: MedusaApi, pool: pg.Pool) {
    this.api = api;
    this.pool = pool;
  }

  async #readBasket(): Promise<{
    region: string;
    items: { variant_id: string; quantity: number }[];
  }> {
    const { regions } = await this.api.store<{ regions: { id: string }[] }>("/store/regions");
    const { products } = await this.api.store<{
      products: { handle: string; variants: { id: string }[] }[];
    }>("/store/products?fields=*variants");
    const items = products
      .filter((product) => product.variants[0] !== undefined)
      .slice(0, 2)
      .map((product) => ({ variant_id: product.variants[0]?.id as string, quantity: 1 }));
    const region = regions[0];
    if (!region || items.length === 0)
      throw new StorefrontError("store_empty", "the store has no region or products", 502);
    return { region: region.id, items };
  }

  async #cart(address: CustomerAddress, language?: Language): Promise<string> {
    this.#basket ??= this.#readBasket();
    const basket = this.#basket;
    // A failed read is asked again next time.
    basket.catch(() => {
      if (this.#basket === basket) this.#basket = undefined;
    });
    const { region, items } = await basket;
    const { cart } = await this.api.store<{ cart: { id: string } }>("/store/carts", {
      body: {
        region_id: region,
        email: address.email,
        shipping_address: {
          first_name: address.first_name,
          last_name: address.last_name,
          address_1: address.street,
          postal_code: address.postcode,
          city: address.city,
          country_code: "pl",
          phone: address.phone,
        },
        items,
      },
      ...(language ? { language } : {}),
    });
    return cart.id;
  }

  /** A cart for the address and the rates it can ship with, lockers listed one by one. */
  async rates(
    address: CustomerAddress,
    language: Language = "pl",
  ): Promise<{ cartId: string; rates: StorefrontRate[] }> {
    const cartId = await this.#cart(address, language);
    const { shipping_options } = await this.api.store<{ shipping_options: Option[] }>(
      `/store/shipping-options?cart_id=${cartId}`,
      { language },
    );
    const rates: StorefrontRate[] = [];
    for (const option of shipping_options) {
      if (option.data?.is_return) continue;
      if (option.data?.pickup_point) {
        const service = option.data.id.replace(/-point$/, "");
        const { points } = await this.api.store<{ points: RoutePoint[] }>(
          `/store/shipbridge/pickup-points?service=${encodeURIComponent(service)}&cart_id=${cartId}`,
          { language },
        );
        const near = points.slice(0, 3);
        await rememberPoints(this.pool, near.map(toKnownPoint));
        for (const point of near) {
          const { shipping_option } = await this.api.store<{ shipping_option: { amount: number } }>(
            `/store/shipping-options/${option.id}/calculate`,
            { body: { cart_id: cartId, data: { point_id: point.code } }, language },
          );
          const place = toKnownPoint(point);
          rates.push({
            code: rateCode(option.id, point.code),
            name: optionRateName(option, point, language),
            description: place.address || null,
            price: { amount: shipping_option.amount, currency: "PLN" },
            locker: true,
            point: point.code,
            place,
          });
        }
      } else {
        const { shipping_option } = await this.api.store<{ shipping_option: { amount: number } }>(
          `/store/shipping-options/${option.id}/calculate`,
          { body: { cart_id: cartId, data: {} }, language },
        );
        rates.push({
          code: rateCode(option.id),
          name: optionRateName(option, null, language),
          description: null,
          price: { amount: shipping_option.amount, currency: "PLN" },
          locker: false,
          point: null,
        });
      }
    }
    return { cartId, rates };
  }

  /**
   * A test order as a customer who takes the first offer makes it: the cart,
   * its shipping options, the first locker near the address (or the first
   * address delivery), then `placeOrder`. The same store API calls as
   * `rates`, without pricing every offer for the customer to compare.
   */
  async quickOrder(
    address: CustomerAddress,
    locker: boolean,
  ): Promise<{ id: string; name: string }> {
    const cartId = await this.#cart(address);
    const { shipping_options } = await this.api.store<{ shipping_options: Option[] }>(
      `/store/shipping-options?cart_id=${cartId}`,
    );
    const offered = shipping_options.filter((option) => !option.data?.is_return);
    const option =
      offered.find((candidate) => Boolean(candidate.data?.pickup_point) === locker) ?? offered[0];
    if (!option) throw new StorefrontError("no_rates", "the checkout offered no rates", 502);
    let point: string | undefined;
    if (option.data?.pickup_point) {
      const service = option.data.id.replace(/-point$/, "");
      const { points } = await this.api.store<{ points: RoutePoint[] }>(
        `/store/shipbridge/pickup-points?service=${encodeURIComponent(service)}&cart_id=${cartId}`,
      );
      const first = points[0];
      if (!first) throw new StorefrontError("no_points", "no locker near the address", 502);
      await rememberPoints(this.pool, [toKnownPoint(first)]);
      point = first.code;
    }
    return this.placeOrder(cartId, rateCode(option.id, point));
  }

  /** Adds the chosen rate, pays with the system provider and completes the cart. */
  async placeOrder(
    cartId: string,
    code: string,
    language: Language = "pl",
  ): Promise<{ id: string; name: string }> {
    const [optionId, point] = code.split(":");
    if (!optionId)
      throw new StorefrontError(
        "unknown_rate",
        language === "pl" ? "Wybierz sposób dostawy." : "Choose a delivery option.",
      );
    await this.api.store(`/store/carts/${cartId}/shipping-methods`, {
      body: { option_id: optionId, data: point ? { point_id: point } : {} },
      language,
    });
    const { payment_collection } = await this.api.store<{ payment_collection: { id: string } }>(
      "/store/payment-collections",
      { body: { cart_id: cartId }, language },
    );
    await this.api.store(`/store/payment-collections/${payment_collection.id}/payment-sessions`, {
      body: { provider_id: "pp_system_default" },
      language,
    });
    const completed = await this.api.store<{
      type: string;
      order?: { id: string; display_id: number };
      error?: { message?: string };
    }>(`/store/carts/${cartId}/complete`, { body: {}, language });
    if (completed.type !== "order" || !completed.order) {
      throw new StorefrontError(
        "checkout_failed",
        language === "pl"
          ? `Nie udało się złożyć zamówienia: ${completed.error?.message ?? "sklep nie podał powodu"}`
          : `The order could not be placed: ${completed.error?.message ?? "the store gave no reason"}`,
        502,
      );
    }
    return { id: completed.order.id, name: `#${completed.order.display_id}` };
  }
}
