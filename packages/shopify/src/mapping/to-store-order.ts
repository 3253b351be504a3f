// Shopify order -> core's StoreOrder. Pure: the same webhook payload and
// options always give the same StoreOrder, so a replayed or re-delivered
// order maps to the same package. Nothing is invented: a field Shopify left
// empty stays empty, and core's validation then names its path (for example
// `shipping_address.last_name`) for the "needs attention" list.
import type { StoreOrderInput, StoreOrderItem } from "@shipbridge/core";
import { decodeServiceCode } from "./service-code.ts";
import type { ShopifyAddress, ShopifyLineItem, ShopifyOrder } from "./shopify-order.ts";

export interface ToStoreOrderOptions {
  /** The carrier to ship with when the customer picked a rate this app did not offer. */
  readonly defaultService: string;
}

/** Gateways whose orders the carrier collects payment for on delivery. */
const COD_GATEWAY = /cash on delivery|\bcod\b|pobrani/i;

function text(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function amount(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined || value.trim() === "") return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : undefined;
}

function quantity(item: ShopifyLineItem): number {
  return item.current_quantity ?? item.quantity ?? 0;
}

function toItem(item: ShopifyLineItem): StoreOrderItem {
  const sku = text(item.sku);
  return {
    ...(sku === undefined ? {} : { sku }),
    name: text(item.name) ?? text(item.title) ?? "",
    quantity: quantity(item),
    weight: { value: item.grams ?? 0, unit: "g" },
    price: amount(item.price) ?? 0,
  };
}

function toAddress(
  address: ShopifyAddress | null | undefined,
): StoreOrderInput["shipping_address"] {
  const optional = {
    first_name: text(address?.first_name),
    last_name: text(address?.last_name),
    company: text(address?.company),
    street2: text(address?.address2),
    province: text(address?.province_code),
    phone: text(address?.phone),
  };
  return {
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
    // Required by the StoreOrder: left empty when missing so validation names the field.
    street: text(address?.address1) ?? "",
    postcode: text(address?.zip) ?? "",
    city: text(address?.city) ?? "",
    country_code: text(address?.country_code) ?? "",
  };
}

/** Maps one Shopify order to the StoreOrder that core's shipOrder ships. */
export function toStoreOrder(order: ShopifyOrder, options: ToStoreOrderOptions): StoreOrderInput {
  const currency = text(order.currency) ?? "";
  const items = (order.line_items ?? [])
    .filter((item) => item.requires_shipping !== false && quantity(item) > 0)
    .map(toItem);
  const shippingLine = order.shipping_lines?.[0];
  const choice = decodeServiceCode(shippingLine?.code);
  const title = text(shippingLine?.title);

  const customer = {
    email: text(order.email) ?? text(order.contact_email) ?? text(order.customer?.email),
    phone: text(order.phone) ?? text(order.customer?.phone),
    first_name: text(order.customer?.first_name),
    last_name: text(order.customer?.last_name),
  };

  const total = amount(order.total_price) ?? 0;
  const shipping = amount(order.total_shipping_price_set?.shop_money?.amount);
  const itemsTotal = amount(order.subtotal_price);
  const outstanding = amount(order.total_outstanding) ?? 0;
  const isCod = (order.payment_gateway_names ?? []).some((name) => COD_GATEWAY.test(name));

  return {
    id: String(order.id),
    name: text(order.name) ?? String(order.id),
    customer: Object.fromEntries(
      Object.entries(customer).filter(([, value]) => value !== undefined),
    ),
    shipping_address: toAddress(order.shipping_address),
    items,
    currency,
    totals: {
      total,
      ...(itemsTotal === undefined ? {} : { items: itemsTotal }),
      ...(shipping === undefined ? {} : { shipping }),
    },
    ...(isCod && outstanding > 0 ? { cod: { amount: outstanding, currency } } : {}),
    shipping: {
      service: choice?.service ?? options.defaultService,
      ...(title === undefined ? {} : { title }),
    },
    ...(choice?.kind === "point"
      ? { pickup_point: { code: choice.point, carrier: choice.service } }
      : {}),
  };
}
