// Medusa's order, cart and fulfillment records turned into what core reads:
// a StoreOrder for shipOrder, and the package of a price quote. Medusa hands
// providers loosely typed records, so every field is read defensively.
import type {
  Language,
  StoreAddress,
  StoreCod,
  StoreOrderInput,
  StoreOrderItem,
} from "@shipbridge/core";
import type { CalculatePriceRequestV2 } from "@shipbridge/core/schemas";
import type { PluginOptions } from "./options.ts";
import { PluginError } from "./plugin-error.ts";
import { refusalMessage } from "./refusal-messages.ts";

type Loose = Record<string, unknown> | null | undefined;

function str(value: unknown): string | undefined {
  if (typeof value === "number") return String(value);
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

function num(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value)))
    return Number(value);
  // Medusa's BigNumber values carry their number here.
  if (value !== null && typeof value === "object" && "numeric" in value)
    return num((value as { numeric: unknown }).numeric);
  return undefined;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === "object"
    ? (value as Record<string, unknown>)
    : undefined;
}

function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** A Medusa address (cart, order or fulfillment delivery address) as a StoreAddress. */
export function storeAddress(address: Loose): StoreAddress {
  const a = address ?? {};
  return defined({
    first_name: str(a["first_name"]),
    last_name: str(a["last_name"]),
    company: str(a["company"]),
    street: str(a["address_1"]) ?? "",
    street2: str(a["address_2"]),
    postcode: str(a["postal_code"]) ?? "",
    city: str(a["city"]) ?? "",
    country_code: (str(a["country_code"]) ?? "").toUpperCase(),
    province: str(a["province"]),
    phone: str(a["phone"]),
  }) as StoreAddress;
}

/** The weight of one unit of a line item, in the store's unit. */
function unitWeight(item: Loose, options: PluginOptions): number {
  const variant = record(item?.["variant"]);
  return num(variant?.["weight"]) ?? num(item?.["weight"]) ?? options.defaultItemWeight;
}

/** The cart's total weight in kilograms, for a quote. */
export function cartWeightKg(items: readonly Loose[], options: PluginOptions): number {
  const total = items.reduce(
    (sum, item) => sum + unitWeight(item, options) * (num(item?.["quantity"]) ?? 1),
    0,
  );
  const kg = options.weightUnit === "g" ? total / 1000 : total;
  // The service quotes by the tenth of a kilogram; a quote needs some weight.
  return Math.max(0.1, Math.ceil(kg * 10) / 10);
}

/** The quote of one carrier for a cart's address and items. */
export function quoteRequest(
  service: string,
  address: Loose,
  items: readonly Loose[],
  options: PluginOptions,
): CalculatePriceRequestV2 {
  const to = storeAddress(address);
  const from = options.pickup ?? options.sender;
  return {
    package: {
      pickup: from,
      receiver: defined({
        postcode: to.postcode,
        country_code: to.country_code,
        city: to.city || undefined,
      }),
      parcels: [{ ...options.parcel, weight: cartWeightKg(items, options), type: "package" }],
    },
    services: { service: [service] },
  } as CalculatePriceRequestV2;
}

export interface ChosenPoint {
  readonly code: string;
  readonly carrier: string;
}

/**
 * The StoreOrder of one fulfillment: its items (weights and prices from the
 * order's line items), the delivery address, the carrier and the point.
 */
export function fulfillmentOrder(
  fulfillmentId: string,
  items: readonly Loose[],
  order: Loose,
  deliveryAddress: Loose,
  service: string,
  point: ChosenPoint | undefined,
  options: PluginOptions,
  cod?: StoreCod,
): StoreOrderInput {
  const orderItems = Array.isArray(order?.["items"]) ? (order["items"] as Loose[]) : [];
  const lineOf = (item: Loose) =>
    orderItems.find((line) => line?.["id"] === item?.["line_item_id"]) ?? undefined;
  const storeItems: StoreOrderItem[] = items.map((item) => {
    const line = lineOf(item);
    return defined({
      sku: str(item?.["sku"]) ?? str(line?.["variant_sku"]),
      name: str(item?.["title"]) ?? str(line?.["title"]) ?? "Item",
      quantity: Math.max(1, Math.round(num(item?.["quantity"]) ?? 1)),
      weight: { value: unitWeight(line ?? item, options), unit: options.weightUnit },
      price: num(line?.["unit_price"]) ?? 0,
    }) as StoreOrderItem;
  });
  const address = storeAddress(deliveryAddress ?? record(order?.["shipping_address"]));
  const itemsTotal = storeItems.reduce((sum, item) => sum + item.price * item.quantity, 0);
  const displayId = str(order?.["display_id"]);
  return {
    id: fulfillmentId,
    name: displayId === undefined ? fulfillmentId : `#${displayId}`,
    customer: defined({ email: str(order?.["email"]), phone: address.phone }),
    shipping_address: address,
    items: storeItems,
    currency: (str(order?.["currency_code"]) ?? "PLN").toUpperCase(),
    totals: { total: Math.round((num(order?.["total"]) ?? itemsTotal) * 100) / 100 },
    shipping: { service },
    ...(point === undefined ? {} : { pickup_point: { code: point.code, carrier: point.carrier } }),
    ...(cod === undefined ? {} : { cod }),
  };
}

/** The order metadata key that marks an order paid on delivery. */
export const COD_METADATA_KEY = "shipbridge_cod";

/**
 * Cash on delivery for an order: its total, when the order is marked paid on
 * delivery (`metadata.shipbridge_cod`, set when it was placed with one of
 * `cod_payment_providers`, or by hand). An order so marked while the store
 * has no COD account (the settings turned it off) is refused
 * (`cod_not_configured`): it is never shipped prepaid. Which of a split
 * order's packages collects is the ledger's call.
 */
export function cashOnDelivery(
  order: Loose,
  options: PluginOptions,
  language: Language = "en_GB",
): StoreCod | undefined {
  const flag = record(order?.["metadata"])?.[COD_METADATA_KEY];
  if (flag !== true && flag !== "true") return undefined;
  if (options.cod === undefined) {
    const displayId = str(order?.["display_id"]);
    const id = displayId === undefined ? (str(order?.["id"]) ?? "") : `#${displayId}`;
    const text = (lang: Language) => refusalMessage("cod_not_configured", lang, { order: id });
    throw new PluginError("cod_not_configured", "invalid_data", text(language), {
      messages: { en_GB: text("en_GB"), pl_PL: text("pl_PL") },
    });
  }
  const total = num(order?.["total"]);
  if (total === undefined || total <= 0) return undefined;
  return {
    amount: Math.round(total * 100) / 100,
    currency: (str(order?.["currency_code"]) ?? "PLN").toUpperCase(),
  } as StoreCod;
}
