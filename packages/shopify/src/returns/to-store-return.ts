// A Shopify return, as the Admin API holds it, to core's store-neutral
// StoreReturn: the customer (the order's shipping address and contact) sends
// the returned lines (each unit's weight from the line's total weight) from
// the drop-off point chosen for them.
import type { StoreReturnInput } from "@shipbridge/core";
import { type AdminReturn, legacyIdOf } from "./read-return.ts";

/** Grams in one unit of each weight unit Shopify answers. */
const GRAMS: Readonly<Record<string, number>> = {
  GRAMS: 1,
  KILOGRAMS: 1000,
  OUNCES: 28.349523125,
  POUNDS: 453.59237,
};

/** `undefined` fields are left out, as core's strict schemas want. */
function text(value: string | null | undefined): string | undefined {
  return value === null || value === undefined || value.trim() === "" ? undefined : value;
}

/** What the returned lines weigh together, in kilograms (their total weights as Shopify holds them). */
export function returnWeightKg(ret: AdminReturn): number {
  const grams = ret.returnLineItems.nodes.reduce(
    (sum, line) =>
      sum + (line.totalWeight ? line.totalWeight.value * (GRAMS[line.totalWeight.unit] ?? 1) : 0),
    0,
  );
  return grams / 1000;
}

export function toStoreReturn(
  ret: AdminReturn,
  dropOff: { readonly point: string; readonly service: string },
): StoreReturnInput {
  const address = ret.order.shippingAddress;
  const customer = {
    first_name: text(address?.firstName),
    last_name: text(address?.lastName),
    company: text(address?.company),
    street: address?.address1 ?? "",
    street2: text(address?.address2),
    postcode: address?.zip ?? "",
    city: address?.city ?? "",
    country_code: address?.countryCodeV2 ?? "",
    phone: text(address?.phone) ?? text(ret.order.phone),
    email: text(ret.order.email),
  };
  return {
    id: legacyIdOf(ret.id),
    orderId: ret.order.legacyResourceId,
    name: ret.name,
    customer: Object.fromEntries(
      Object.entries(customer).filter(([, value]) => value !== undefined),
    ) as StoreReturnInput["customer"],
    dropOff: { point: dropOff.point, service: dropOff.service },
    items: ret.returnLineItems.nodes.map((line) => {
      const total = line.totalWeight
        ? line.totalWeight.value * (GRAMS[line.totalWeight.unit] ?? 1)
        : 0;
      const item = line.fulfillmentLineItem?.lineItem;
      return {
        name: item?.name || "Item",
        ...(item?.sku ? { sku: item.sku } : {}),
        quantity: line.quantity,
        weight: { value: line.quantity > 0 ? total / line.quantity : 0, unit: "g" as const },
      };
    }),
  };
}
