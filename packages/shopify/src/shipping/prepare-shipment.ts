// Everything before parcels are bought for one order, whoever ships it (one
// order at a time, or many in a batch): read the order from the shop's own
// Admin API (a signed webhook body can be replayed under another shop, and
// may be older than the order), mark a cancelled one, and split it into the
// parcels Shopify asks for: one per fulfillment order the app ships
// (mapping/fulfillment-orders.ts), each keyed on its fulfillment order with
// the order as its parent. A shipment whose fulfillment order went away
// (moved, split, merged) before anything was bought is dropped; one on hold
// waits. Each parcel is recorded as being shipped, then checked for what
// only the app can check (the connection, the sender, an order too large,
// cash on delivery over several parcels, nothing left to fulfil, refunded,
// not paid yet on a shop that ships on payment when the request asks, a
// closed pickup point). A parcel that passes is answered ready to ship; the
// others with what became of them (waiting, skipped, needs attention).
import type { ShippingClient } from "@shipbridge/core";
import { orderGid as gidOf, loadShopOrder } from "../admin/load-shop-order.ts";
import {
  type AdminFulfillmentOrder,
  type AdminOrder,
  shippingLocations,
} from "../mapping/admin-order.ts";
import {
  type FulfillmentOrderParcel,
  type FulfilmentLines,
  fulfillmentOrderParcel,
  fulfillmentOrderParcels,
  goodsLeft,
  heldFulfillmentOrders,
  numericId,
  originOf,
  wholeOrderParcel,
  withGoodsLeft,
} from "../mapping/fulfillment-orders.ts";
import { isCancelled, isPaid, refundedStatus } from "../mapping/order-facts.ts";
import { toStoreOrder } from "../mapping/to-store-order.ts";
import { loadPointChoice, withPointChoice } from "../store/point-choices.ts";
import { loadSettings, type ShopSettings } from "../store/settings.ts";
import {
  beginShipment,
  dropUnboughtShipment,
  loadOrderShipments,
  type NewShipment,
  recordGoods,
  recordPackageId,
  recordStatus,
  recordWaiting,
  type ShipmentKey,
  type ShipmentRow,
} from "../store/shipments.ts";
import {
  boughtChangedIssues,
  codSplitIssues,
  connectionIssues,
  fulfilledElsewhereIssues,
  locationAddressIssues,
  refundedIssues,
  senderIssues,
  severalLocationsIssues,
  tooLargeIssues,
  unpaidIssues,
} from "./attention-issues.ts";
import { cancelShopifyOrder } from "./cancel-order.ts";
import { cancelShipment } from "./cancel-shipment.ts";
import { pickupPointIssues } from "./check-pickup-point.ts";
import type { BoughtParcel } from "./complete-shipment.ts";
import { findPaidOrderPackage } from "./find-order-package.ts";
import { needsAttention } from "./needs-attention.ts";
import { recordShipFailure } from "./record-ship-failure.ts";
import type { ShipContext, ShipMapping, ShipOutcome, ShipRequest } from "./ship-context.ts";

/** One parcel of an order read, mapped and checked, whose row says it is being shipped. */
export interface PreparedShipment {
  readonly shop: string;
  readonly orderId: string;
  /** Its fulfillment order's numeric id ('' for a whole order begun before parcels were per fulfillment order). */
  readonly fulfillmentOrderId: string;
  /** The order id core ships it under: the fulfillment order's (or the whole order's). */
  readonly shipId: string;
  readonly orderGid: string;
  /** The name shown for it: the order's (`#1001`, `#1001 (2/2)`). */
  readonly orderName: string;
  /** Exactly what its fulfilment is made of. */
  readonly lines: readonly FulfilmentLines[];
  readonly storeOrder: ReturnType<typeof toStoreOrder>;
  readonly settings: ShopSettings;
  readonly language: ShipMapping["language"];
  /** The options the order is shipped with (the shop's: the same for each of its orders). */
  readonly mapping: ShipMapping;
  readonly client: ShippingClient;
  /** Whether a package was recorded for it before (a run that stopped after buying it). */
  readonly hadPackage: boolean;
  /**
   * The parcel recorded bought, for a shipment whose fulfillment order the
   * app no longer ships (closed by its own fulfilment whose answer was lost,
   * or by hand): it is not bought again, only taken on to its fulfilment.
   */
  readonly bought?: BoughtParcel;
}

/** The order's parcels ready to buy, and what became of the others. */
export interface PreparedOrder {
  readonly ready: readonly PreparedShipment[];
  readonly outcomes: readonly ShipOutcome[];
}

export async function prepareShipment(
  context: ShipContext,
  shop: string,
  id: string,
  request: ShipRequest = {},
  client: ShippingClient = context.connections.client(shop),
): Promise<PreparedOrder | ShipOutcome> {
  const { pool } = context;
  const read = await loadShopOrder(context.shopify, await context.sessions.get(shop), id);
  if (read === undefined) return "unknown_order";
  const { order, admin } = read;
  const orderId = String(order.id);
  const orderGid = order.admin_graphql_api_id ?? gidOf(orderId);
  const orderName = order.name ?? orderId;
  // A cancelled order is never shipped, whichever delivery or button asked;
  // cancelled before its orders/cancelled delivery came, it is marked (and any
  // package it has is cancelled) here, as that delivery would.
  if (isCancelled(order)) {
    const fulfillmentOrderIds = admin.fulfillmentOrders.nodes.flatMap((node) => node.id ?? []);
    await cancelShopifyOrder(context, { shop, orderId, orderGid, orderName }, fulfillmentOrderIds);
    return "skipped";
  }
  const { settings, connection } = await loadSettings(pool, shop);
  // A pickup point the merchant changed after checkout replaces the shipping line's.
  const choice = await loadPointChoice(pool, shop, orderId);
  const mapped = (held: typeof order) =>
    withPointChoice(toStoreOrder(held, { defaultService: settings.defaultService }), choice);
  const whole = mapped(order);
  const existing = await loadOrderShipments(pool, shop, orderId);
  // A shipment begun before parcels were per fulfillment order ends as it began: one parcel.
  const legacy = existing.some((row) => row.fulfillmentOrderId === "");
  const parcels = legacy ? [wholeOrderParcel(admin, order)] : fulfillmentOrderParcels(admin, order);
  const shipped = new Set(parcels.map((parcel) => parcel.fulfillmentOrderId));
  const held = legacy ? [] : heldFulfillmentOrders(admin);
  const heldIds = new Set(held.map((fulfillmentOrder) => numericId(fulfillmentOrder.id ?? "")));

  // A shipment whose fulfillment order went away (moved, split, merged, closed)
  // before its parcel was bought is dropped; one bought stays with its package.
  // A purchase whose package id was never recorded (a run that died after the
  // order command) is looked up first: found, it is recorded, and its goods,
  // bought under a fulfillment order that changed since, stop the order.
  let changed = false;
  let recorded = false;
  for (const row of existing) {
    if (row.fulfillmentOrderId === "" || row.packageId !== undefined) continue;
    if (row.status === "fulfilled" || row.status.startsWith("cancelled")) continue;
    const gone = !shipped.has(row.fulfillmentOrderId) && !heldIds.has(row.fulfillmentOrderId);
    if (!gone && row.goods === undefined) continue;
    const found = await findPaidOrderPackage(client, shop, row.fulfillmentOrderId);
    if (found !== undefined) {
      await recordPackageId(pool, shop, row, found);
      recorded = true;
      if (gone) changed = true;
    } else if (gone) {
      await dropUnboughtShipment(pool, shop, row);
    }
  }
  // A parcel bought and not yet fulfilled whose goods are now (also) in
  // another fulfillment order (split, merged, moved, held in part).
  const rows = recorded ? await loadOrderShipments(pool, shop, orderId) : existing;
  if (!legacy && boughtGoodsMoved(rows, admin)) changed = true;
  const keyOf = (
    parcel: Pick<FulfillmentOrderParcel, "fulfillmentOrderId" | "name">,
    storeOrder = whole,
  ): NewShipment => ({
    shop,
    orderId,
    fulfillmentOrderId: parcel.fulfillmentOrderId,
    orderGid,
    orderName: parcel.name,
    service: storeOrder.shipping.service,
    pickupPoint: storeOrder.pickup_point?.code,
  });
  const plan = request.plan?.(whole, order) ?? "ship";
  if (plan === "ignore") return "skipped";
  // On hold: listed as waiting, shipped once its hold is released.
  for (const fulfillmentOrder of held) {
    const fulfillmentOrderId = numericId(fulfillmentOrder.id ?? "");
    const name = fulfillmentOrderParcel(admin, order, fulfillmentOrderId)?.name ?? orderName;
    await recordWaiting(pool, keyOf({ fulfillmentOrderId, name }));
  }
  if (plan === "wait") {
    for (const parcel of parcels) await recordWaiting(pool, keyOf(parcel));
    return "waiting";
  }
  // A whole order begun before parcels were per fulfillment order holds all
  // its goods: not bought while part of it is on hold (it would be fulfilled
  // without that part, and the part never after).
  const wholeRow = rows.find((row) => row.fulfillmentOrderId === "");
  if (legacy && wholeRow?.packageId === undefined && heldFulfillmentOrders(admin).length > 0) {
    // Marked anew, so the merchant's next Ship (after the release) is a new request.
    const row = await beginShipment(
      pool,
      keyOf(parcels[0] ?? { fulfillmentOrderId: "", name: orderName }),
    );
    if (row.status === "shipping") await recordStatus(pool, shop, row, "waiting");
    return "waiting";
  }
  // Nothing more is bought for the order (nor fulfilled from the changed
  // fulfillment orders) until the merchant sorts out the parcel already paid for.
  if (changed) {
    for (const parcel of parcels) await beginShipment(pool, keyOf(parcel));
    return needsAttention(
      pool,
      { shop, orderId, language: settings.language },
      boughtChangedIssues(),
    );
  }
  // Bought (and recorded) but its fulfillment order is no longer shipped: it goes on to its fulfilment.
  const stale = legacy
    ? []
    : rows.filter(
        (row) =>
          !shipped.has(row.fulfillmentOrderId) &&
          row.packageId !== undefined &&
          row.tracking !== undefined &&
          ["shipping", "shipped", "needs_attention"].includes(row.status),
      );
  const empty = parcels.length === 0 || (legacy && parcels[0]?.lines.length === 0);
  if (empty && stale.length === 0) {
    if (held.length > 0) return "waiting";
    return nothingToShip(context, { shop, orderId, orderGid, orderName, client, admin, settings });
  }

  const ready: PreparedShipment[] = [];
  const outcomes: ShipOutcome[] = [];
  const mapping: ShipMapping | undefined = settings.sender
    ? {
        storeId: shop,
        sender: settings.sender,
        ...(settings.parcel ? { parcel: settings.parcel } : {}),
        ...(settings.codIban ? { cod: { iban: settings.codIban } } : {}),
        language: settings.language,
      }
    : undefined;
  for (const row of stale) {
    const parcel = fulfillmentOrderParcel(admin, order, row.fulfillmentOrderId);
    if (!parcel || !mapping || row.packageId === undefined || !row.tracking) continue;
    ready.push({
      shop,
      orderId,
      fulfillmentOrderId: row.fulfillmentOrderId,
      shipId: parcel.shipId,
      orderGid,
      orderName: row.orderName,
      lines: parcel.lines,
      storeOrder: mapped(parcel.order),
      settings,
      language: settings.language,
      mapping,
      client,
      hadPackage: true,
      bought: {
        packageId: row.packageId,
        commandId: row.commandId,
        trackingNumbers: row.tracking.numbers,
        trackingUrls: row.tracking.urls,
      },
    });
  }
  const begun: { parcel: FulfillmentOrderParcel; storeOrder: typeof whole; hadPackage: boolean }[] =
    [];
  for (const parcel of parcels) {
    const storeOrder = mapped(parcel.order);
    const row = await beginShipment(pool, keyOf(parcel, storeOrder));
    if (row.status === "cancelled") {
      // A package ordered while the order was being cancelled, whose cancel command
      // has not been confirmed yet: the same command again (the service runs it once).
      // Its id may never have been recorded (a run that failed or died after the
      // order command, before the record): then it is looked up, so a paid package
      // is never left behind for a cancelled order.
      const packageId = row.packageId ?? (await findPaidOrderPackage(client, shop, parcel.shipId));
      if (packageId !== undefined) {
        if (row.packageId === undefined) await recordPackageId(pool, shop, row, packageId);
        await cancelShipment(context, { ...row, packageId });
      }
      outcomes.push("skipped");
      continue;
    }
    if (row.status === "fulfilled" || row.status.startsWith("cancelled")) {
      outcomes.push("skipped");
      continue;
    }
    begun.push({ parcel, storeOrder, hadPackage: row.packageId !== undefined });
  }
  const language = settings.language;
  const allAttention = async (byLanguage: Parameters<typeof needsAttention>[2]) => {
    for (const { parcel } of begun) {
      await needsAttention(pool, { ...keyOf(parcel), language }, byLanguage);
    }
    return { ready, outcomes: [...outcomes, "needs_attention" as const] };
  };
  if (begun.length === 0) return { ready, outcomes };
  if (connection !== "connected") return allAttention(connectionIssues(connection));
  if (!mapping) return allAttention(senderIssues());
  if (!read.whole) return allAttention(tooLargeIssues());
  // One parcel has one sender: a whole order begun before parcels were per
  // fulfillment order ships from one location, or not at all.
  if (legacy && shippingLocations(admin).length > 1) {
    return allAttention(severalLocationsIssues(shippingLocations(admin)));
  }
  // Cash on delivery over several parcels (shipped now or on hold): which one
  // collects is not guessed, and no parcel of the order is bought without it.
  const parcelsOfOrder = withGoodsLeft(admin).length;
  if (
    !legacy &&
    whole.cod !== undefined &&
    begun.some(({ storeOrder }) => storeOrder.cod === undefined)
  ) {
    return allAttention(codSplitIssues(Math.max(parcelsOfOrder, 2)));
  }
  const refunded = refundedStatus(order);
  const unpaid =
    request.requirePayment === true &&
    settings.shipOn === "orders/paid" &&
    !isPaid(order) &&
    !refunded &&
    whole.cod === undefined;
  // Each parcel ships from its location's address (the shop's sender's name,
  // phone and email); a location with no full address in Shopify is taken to
  // be the sender's own, which holds for one location of an order only.
  const unaddressed = [
    ...new Set(
      withGoodsLeft(admin)
        .filter((fulfillmentOrder) => originOf(fulfillmentOrder) === undefined)
        .map((fulfillmentOrder) => fulfillmentOrder.assignedLocation?.name ?? ""),
    ),
  ];
  for (const { parcel, storeOrder, hadPackage } of begun) {
    const sent: ShipMapping = parcel.origin
      ? { ...mapping, sender: { ...mapping.sender, ...parcel.origin, county: null } }
      : mapping;
    const prepared: PreparedShipment = {
      shop,
      orderId,
      fulfillmentOrderId: parcel.fulfillmentOrderId,
      shipId: parcel.shipId,
      orderGid,
      orderName: parcel.name,
      lines: parcel.lines,
      storeOrder,
      settings,
      language,
      mapping: sent,
      client,
      hadPackage,
    };
    const attention = async (byLanguage: Parameters<typeof needsAttention>[2]) => {
      outcomes.push(await needsAttention(pool, { ...prepared, language }, byLanguage));
    };
    if (!legacy && !parcel.origin && unaddressed.length > 1 && !hadPackage) {
      await attention(locationAddressIssues(unaddressed));
      continue;
    }
    try {
      const paid = async () =>
        hadPackage || (await findPaidOrderPackage(client, shop, parcel.shipId)) !== undefined;
      // Not paid yet on a shop that ships on payment, and the payment is not what
      // asked: no parcel is bought until it is (orders/paid ships it then). One
      // already paid for goes on to its fulfilment.
      if (unpaid && !(await paid())) {
        await attention(unpaidIssues());
        continue;
      }
      // Refunded in full (or voided) before its parcel was bought: none is bought,
      // whether an update or the Retry button asked. One already paid for goes on
      // to its fulfilment, even when a run died before recording its id.
      if (refunded && (await findPaidOrderPackage(client, shop, parcel.shipId)) === undefined) {
        await attention(refundedIssues(refunded));
        continue;
      }
      // Only before the first package: a point that closes after ordering does not undo the shipment.
      if (!hadPackage) {
        const closed = await pickupPointIssues(client, storeOrder);
        if (closed) {
          await attention(closed);
          continue;
        }
      }
    } catch (error) {
      const outcome = await recordShipFailure(context, prepared, error);
      if (outcome === undefined) throw error;
      outcomes.push(outcome);
      continue;
    }
    // What it is bought with, kept once its package is known.
    if (!hadPackage) await recordGoods(pool, shop, prepared, parcel.goods);
    ready.push(prepared);
  }
  return { ready, outcomes };
}

/**
 * Whether a parcel bought and not yet fulfilled no longer matches the
 * fulfillment orders: its own holds goods it was not bought with (merged
 * into it), or goods it was bought with are left in another fulfillment
 * order beyond what that one was itself being shipped with (split off, held
 * in part, moved, merged away). Goods fulfilled by hand meanwhile are no
 * such change: what is left goes on to its fulfilment.
 */
function boughtGoodsMoved(rows: readonly ShipmentRow[], admin: AdminOrder): boolean {
  const recorded = new Map(rows.map((row) => [row.fulfillmentOrderId, row.goods ?? {}]));
  const idOf = (node: AdminFulfillmentOrder) => numericId(node.id ?? "");
  for (const row of rows) {
    const bought = row.goods;
    if (row.packageId === undefined || bought === undefined) continue;
    if (!["shipping", "shipped", "needs_attention"].includes(row.status)) continue;
    const own = admin.fulfillmentOrders.nodes.find((node) => idOf(node) === row.fulfillmentOrderId);
    const ownGoods = own ? goodsLeft(own) : {};
    if (Object.entries(ownGoods).some(([id, quantity]) => quantity > (bought[id] ?? 0)))
      return true;
    for (const other of withGoodsLeft(admin)) {
      if (other === own) continue;
      const before = recorded.get(idOf(other)) ?? {};
      const left = goodsLeft(other);
      if (Object.keys(bought).some((id) => (left[id] ?? 0) > (before[id] ?? 0))) return true;
    }
  }
  return false;
}

/**
 * Nothing of the order is left for the app to ship (the merchant fulfilled
 * it by hand in Shopify, say after it needed attention): no parcel is
 * bought. Its shipments not bought need attention; an order with none gets
 * one row, on its first fulfillment order, to say so.
 */
async function nothingToShip(
  context: ShipContext,
  order: {
    shop: string;
    orderId: string;
    orderGid: string;
    orderName: string;
    client: ShippingClient;
    admin: { fulfillmentOrders: { nodes: readonly { id?: string }[] } };
    settings: ShopSettings;
  },
): Promise<ShipOutcome> {
  const { pool } = context;
  const { shop, orderId } = order;
  const all = await loadOrderShipments(pool, shop, orderId);
  const keys: ShipmentKey[] = all.filter(
    (row) =>
      row.packageId === undefined &&
      ["waiting", "shipping", "needs_attention"].includes(row.status),
  );
  if (keys.length === 0 && all.length > 0) return "skipped";
  if (keys.length === 0) {
    const first = order.admin.fulfillmentOrders.nodes[0]?.id;
    if (first === undefined) return "skipped";
    const key = {
      shop,
      orderId,
      fulfillmentOrderId: numericId(first),
      orderGid: order.orderGid,
      orderName: order.orderName,
    };
    // A package paid for under it whose record was lost is recorded and shown, never "not bought".
    const paid = await findPaidOrderPackage(order.client, shop, key.fulfillmentOrderId);
    await beginShipment(pool, key);
    if (paid !== undefined) {
      await recordPackageId(pool, shop, key, paid);
      return needsAttention(
        pool,
        { ...key, language: order.settings.language },
        boughtChangedIssues(),
      );
    }
    keys.push(key);
  }
  for (const key of keys) {
    await needsAttention(
      pool,
      { shop, ...key, language: order.settings.language },
      fulfilledElsewhereIssues(),
    );
  }
  return "needs_attention";
}
