// A checkout in the Medusa store through its store API, as a storefront does
// it: a cart with the address and two products, the shipping options with
// their calculated prices (the plugin asks the service), the lockers near the
// address from the plugin's pickup-point route, the chosen option added with
// its locker (checked again on the server), payment with the system provider,
// and the cart completed into an order. Rates are named for the customer in
// the checkout's language ("Kurier DPD" / "DPD courier"), whatever the
// merchant called the option.
import { serviceName } from "@shipbridge/core";
import type pg from "pg";
import type { Language } from "../../server/language.ts";
import type { CustomerAddress } from "../customers.ts";
import { type RoutePoint, rememberPoints, toKnownPoint } from "../points.ts";
import { StorefrontError, type StorefrontRate } from "../shopify/storefront.ts";
import type { MedusaApi } from "./medusa-api.ts";

interface Option {
  readonly id: string;
  readonly name: string;
  readonly data: { id: string; pickup_point?: boolean; is_return?: boolean } | null;
}

/** A rate's name in the customer's language: a courier, an InPost locker or another carrier's point. */
export function rateName(
  service: string,
  point: { code: string; name?: string | null } | null,
  language: Language,
): string {
  const carrier = serviceName(service, language);
  if (!point) return language === "pl" ? `Kurier ${carrier}` : `${carrier} courier`;
  const locker = service.toLowerCase() === "inpost";
  const kind =
    language === "pl"
      ? `${locker ? "Paczkomat" : "Punkt odbioru"} ${carrier}`
      : `${carrier} ${locker ? "locker" : "pickup point"}`;
  return `${kind} ${point.code}`;
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

  async #cart(address: CustomerAddress): Promise<string> {
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
    });
    return cart.id;
  }

  /** A cart for the address and the rates it can ship with, lockers listed one by one. */
  async rates(
    address: CustomerAddress,
    language: Language = "pl",
  ): Promise<{ cartId: string; rates: StorefrontRate[] }> {
    const cartId = await this.#cart(address);
    const { shipping_options } = await this.api.store<{ shipping_options: Option[] }>(
      `/store/shipping-options?cart_id=${cartId}`,
    );
    const rates: StorefrontRate[] = [];
    for (const option of shipping_options) {
      if (option.data?.is_return) continue;
      if (option.data?.pickup_point) {
        const service = option.data.id.replace(/-point$/, "");
        const { points } = await this.api.store<{ points: RoutePoint[] }>(
          `/store/shipbridge/pickup-points?service=${encodeURIComponent(service)}&cart_id=${cartId}`,
        );
        const near = points.slice(0, 3);
        await rememberPoints(this.pool, near.map(toKnownPoint));
        for (const point of near) {
          const { shipping_option } = await this.api.store<{ shipping_option: { amount: number } }>(
            `/store/shipping-options/${option.id}/calculate`,
            { body: { cart_id: cartId, data: { point_id: point.code } } },
          );
          const place = toKnownPoint(point);
          rates.push({
            code: rateCode(option.id, point.code),
            name: rateName(service, point, language),
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
          { body: { cart_id: cartId, data: {} } },
        );
        rates.push({
          code: rateCode(option.id),
          name: option.data?.id ? rateName(option.data.id, null, language) : option.name,
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
    });
    const { payment_collection } = await this.api.store<{ payment_collection: { id: string } }>(
      "/store/payment-collections",
      { body: { cart_id: cartId } },
    );
    await this.api.store(`/store/payment-collections/${payment_collection.id}/payment-sessions`, {
      body: { provider_id: "pp_system_default" },
    });
    const completed = await this.api.store<{
      type: string;
      order?: { id: string; display_id: number };
      error?: { message?: string };
    }>(`/store/carts/${cartId}/complete`, { body: {} });
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
