// Which parcels an order is, as Shopify asks them to be shipped: one per
// fulfillment order this app ships (merchant managed, as the app's scopes
// only show those; OPEN or IN_PROGRESS, no hold, a line left to fulfil, a
// SHIPPING or PICKUP_POINT delivery method), each with that fulfillment
// order's lines and remaining quantities, and each line's name, SKU, price
// and unit weight. Pure: the same answer always gives the same parcels.
import type { AdminFulfillmentOrder, AdminOrder } from "./admin-order.ts";
import type { ShopifyLineItem, ShopifyOrder } from "./shopify-order.ts";

/** What a fulfilment of the parcel names: the fulfillment order and its lines with quantities. */
export interface FulfilmentLines {
  readonly fulfillmentOrderId: string;
  readonly fulfillmentOrderLineItems: readonly { readonly id: string; readonly quantity: number }[];
}

export interface FulfillmentOrderParcel {
  /** The fulfillment order's numeric id; '' for a whole order (a shipment begun before parcels were per fulfillment order). */
  readonly fulfillmentOrderId: string;
  /** The order id core ships it under (its lease, reference and command): the fulfillment order's, or the order's. */
  readonly shipId: string;
  /** The name shown: the order's, with its place when the order has several (`#1001 (2/2)`). */
  readonly name: string;
  /** Where it ships from (the location's name). */
  readonly location: string;
  /** The address it ships from: its location's, when Shopify has one in full. */
  readonly origin?: Origin;
  /** Exactly what its fulfilment is made of. */
  readonly lines: readonly FulfilmentLines[];
  /** The goods its parcel holds: line item GID -> quantity. */
  readonly goods: Readonly<Record<string, number>>;
  /** The order restricted to the parcel's lines and quantities, under `shipId` and `name`. */
  readonly order: ShopifyOrder;
}

/** A location's address, in the shape of a sender's. */
export interface Origin {
  readonly street: string;
  readonly postcode: string;
  readonly city: string;
  readonly country_code: string;
}

/** The fulfillment order's location address, when it has a street, postcode, city and country. */
export function originOf(fulfillmentOrder: AdminFulfillmentOrder): Origin | undefined {
  const at = fulfillmentOrder.assignedLocation;
  const street = [at?.address1, at?.address2]
    .filter((part) => part?.trim())
    .join(" ")
    .trim();
  if (!at || !street || !at.zip?.trim() || !at.city?.trim() || !at.countryCode) return undefined;
  return { street, postcode: at.zip.trim(), city: at.city.trim(), country_code: at.countryCode };
}

const SHIPPED_STATUSES = new Set(["OPEN", "IN_PROGRESS"]);
const SHIPPED_METHODS = new Set(["SHIPPING", "PICKUP_POINT"]);

/** The numeric id of a GID (`gid://shopify/FulfillmentOrder/12` -> `12`). */
export function numericId(gid: string): string {
  return gid.slice(gid.lastIndexOf("/") + 1);
}

export function fulfillmentOrderGid(id: string): string {
  return id.startsWith("gid://") ? id : `gid://shopify/FulfillmentOrder/${id}`;
}

function remaining(fulfillmentOrder: AdminFulfillmentOrder): boolean {
  return fulfillmentOrder.lineItems.nodes.some((line) => (line.remainingQuantity ?? 0) > 0);
}

/** Whether the fulfillment order is on hold (its status, or a hold it carries). */
export function isHeld(fulfillmentOrder: AdminFulfillmentOrder): boolean {
  return (
    fulfillmentOrder.status === "ON_HOLD" || (fulfillmentOrder.fulfillmentHolds ?? []).length > 0
  );
}

/** Whether this app ships the fulfillment order now. */
export function isShippable(fulfillmentOrder: AdminFulfillmentOrder): boolean {
  return (
    fulfillmentOrder.id !== undefined &&
    SHIPPED_STATUSES.has(fulfillmentOrder.status ?? "") &&
    !isHeld(fulfillmentOrder) &&
    SHIPPED_METHODS.has(fulfillmentOrder.deliveryMethod?.methodType ?? "SHIPPING") &&
    remaining(fulfillmentOrder)
  );
}

/** Fulfillment orders on hold with lines left: shipped once the hold is released. */
export function heldFulfillmentOrders(order: AdminOrder): AdminFulfillmentOrder[] {
  return order.fulfillmentOrders.nodes.filter(
    (fulfillmentOrder) =>
      fulfillmentOrder.id !== undefined &&
      isHeld(fulfillmentOrder) &&
      SHIPPED_METHODS.has(fulfillmentOrder.deliveryMethod?.methodType ?? "SHIPPING") &&
      remaining(fulfillmentOrder),
  );
}

/**
 * The order's fulfillment orders with goods left to ship, shipped now or on
 * hold: the parcels the order's cash on delivery and totals are split over.
 * Only a parcel that is the one of them carries the whole order's.
 */
export function withGoodsLeft(order: AdminOrder): AdminFulfillmentOrder[] {
  return order.fulfillmentOrders.nodes.filter(
    (fulfillmentOrder) =>
      isShippable(fulfillmentOrder) || heldFulfillmentOrders(order).includes(fulfillmentOrder),
  );
}

/** What a fulfillment order has left to ship: its line items' ids and remaining quantities. */
export function goodsLeft(fulfillmentOrder: AdminFulfillmentOrder): Record<string, number> {
  const goods: Record<string, number> = {};
  for (const line of fulfillmentOrder.lineItems.nodes) {
    const quantity = line.remainingQuantity ?? 0;
    if (quantity > 0) goods[line.lineItem.id] = (goods[line.lineItem.id] ?? 0) + quantity;
  }
  return goods;
}

/**
 * The order's fulfillment orders its parcels are numbered among (shipped or
 * to ship, whatever their state, but not cancelled): `#1001 (2/2)`.
 */
function numberedAmong(order: AdminOrder): AdminFulfillmentOrder[] {
  return order.fulfillmentOrders.nodes.filter(
    (fulfillmentOrder) =>
      fulfillmentOrder.status !== "CANCELLED" &&
      SHIPPED_METHODS.has(fulfillmentOrder.deliveryMethod?.methodType ?? "SHIPPING"),
  );
}

/**
 * One parcel per fulfillment order the app ships now. `held` is the order as
 * fromAdminOrder reads it (the lines' names, SKUs and prices).
 */
export function fulfillmentOrderParcels(
  admin: AdminOrder,
  held: ShopifyOrder,
): FulfillmentOrderParcel[] {
  return admin.fulfillmentOrders.nodes
    .filter(isShippable)
    .map((fulfillmentOrder) => parcelOf(admin, held, fulfillmentOrder));
}

/**
 * The parcel of one fulfillment order of the order, whatever its state now
 * (one whose package was bought before it closed, say), or undefined when
 * the answer does not hold it.
 */
export function fulfillmentOrderParcel(
  admin: AdminOrder,
  held: ShopifyOrder,
  fulfillmentOrderId: string,
): FulfillmentOrderParcel | undefined {
  const found = admin.fulfillmentOrders.nodes.find(
    (fulfillmentOrder) =>
      fulfillmentOrder.id !== undefined && numericId(fulfillmentOrder.id) === fulfillmentOrderId,
  );
  return found ? parcelOf(admin, held, found) : undefined;
}

function parcelOf(
  admin: AdminOrder,
  held: ShopifyOrder,
  fulfillmentOrder: AdminFulfillmentOrder,
): FulfillmentOrderParcel {
  const numbered = numberedAmong(admin);
  const count = numbered.length;
  const baseName = held.name ?? String(held.id);
  const gid = fulfillmentOrder.id as string;
  const id = numericId(gid);
  const place = numbered.indexOf(fulfillmentOrder) + 1;
  const name = count > 1 && place > 0 ? `${baseName} (${place}/${count})` : baseName;
  // The order's totals (and its cash on delivery) go with a parcel only when
  // no other fulfillment order has goods left to ship: never guessed.
  const alone = withGoodsLeft(admin).every((other) => other === fulfillmentOrder);
  return {
    fulfillmentOrderId: id,
    shipId: id,
    name,
    location: fulfillmentOrder.assignedLocation?.name ?? "",
    ...withOrigin(originOf(fulfillmentOrder)),
    lines: [linesOf(fulfillmentOrder)],
    goods: goodsLeft(fulfillmentOrder),
    order: restrictTo(held, [fulfillmentOrder], { id, name, whole: alone }),
  };
}

/**
 * The order as one parcel, as shipments were before they were per
 * fulfillment order (a row begun then): every fulfillment order it ships
 * now, its reference the order's own.
 */
export function wholeOrderParcel(admin: AdminOrder, held: ShopifyOrder): FulfillmentOrderParcel {
  const shipped = admin.fulfillmentOrders.nodes.filter(isShippable);
  return {
    fulfillmentOrderId: "",
    shipId: String(held.id),
    name: held.name ?? String(held.id),
    location: shipped[0]?.assignedLocation?.name ?? "",
    ...withOrigin(shipped[0] ? originOf(shipped[0]) : undefined),
    lines: shipped.map(linesOf),
    goods: Object.assign({}, ...shipped.map(goodsLeft)),
    order: held,
  };
}

function withOrigin(origin: Origin | undefined): { origin?: Origin } {
  return origin ? { origin } : {};
}

function linesOf(fulfillmentOrder: AdminFulfillmentOrder): FulfilmentLines {
  return {
    fulfillmentOrderId: fulfillmentOrder.id as string,
    fulfillmentOrderLineItems: fulfillmentOrder.lineItems.nodes
      .filter((line) => line.id !== undefined && (line.remainingQuantity ?? 0) > 0)
      .map((line) => ({ id: line.id as string, quantity: line.remainingQuantity ?? 0 })),
  };
}

/**
 * The order with only the fulfillment orders' lines, at their remaining
 * quantities; a parcel of several has its own lines' total as its value,
 * and the order's shipping and cash on delivery stay with the whole order.
 */
function restrictTo(
  held: ShopifyOrder,
  fulfillmentOrders: readonly AdminFulfillmentOrder[],
  as: { id: string; name: string; whole: boolean },
): ShopifyOrder {
  const items = new Map((held.line_items ?? []).map((item) => [String(item.id), item]));
  const lines: ShopifyLineItem[] = [];
  for (const fulfillmentOrder of fulfillmentOrders) {
    for (const line of fulfillmentOrder.lineItems.nodes) {
      const quantity = line.remainingQuantity ?? 0;
      if (quantity <= 0) continue;
      const item = items.get(line.lineItem.id);
      lines.push({
        ...(item ?? { id: line.lineItem.id }),
        quantity,
        current_quantity: quantity,
        requires_shipping: true,
      });
    }
  }
  if (as.whole) return { ...held, id: as.id, name: as.name, line_items: lines };
  const value = lines
    .reduce((sum, line) => sum + Number(line.price ?? 0) * (line.current_quantity ?? 0), 0)
    .toFixed(2);
  return {
    ...held,
    id: as.id,
    name: as.name,
    line_items: lines,
    total_price: value,
    subtotal_price: value,
    total_outstanding: "0.00",
    total_shipping_price_set: null,
  };
}
