// The one way into shipping an order, whoever asks (a webhook, the merchant's
// Ship or Retry button, an update): read the order from the shop's own Admin
// API (a signed webhook body can be replayed under another shop, and may be
// older than the order), map what Shopify holds, ship it once
// with core's shipOrder (the PostgresTokenStore is the lock between
// instances, so one order gives one package and one order command however
// many deliveries and workers race), keep tracking and label, then fulfil it
// once in Shopify. An order that cannot be shipped (core's validation, or the
// service refusing it, such as a pickup point that closed) is kept with the
// path-addressed issues as "needs attention", never sent elsewhere, and so
// is one whose fulfilment Shopify refuses after its parcel was paid for;
// transient failures throw, so the job is retried. An order the shop's Admin
// API does not know is never shipped: "unknown_order", for the caller to record.
import {
  type Issue,
  isReauthorizationRequiredError,
  isShipOrderError,
  isValidationApiError,
  isValidationError,
  type Language,
  ShipbridgeError,
  type ShippingClient,
  type StoreOrderInput,
  shipOrder,
  shipOrderReference,
} from "@shipbridge/core";
import type { PostgresTokenStore } from "@shipbridge/core/postgres";
import type { Shopify } from "@shopify/shopify-api";
import type pg from "pg";
import { orderGid as gidOf, loadShopOrder } from "../admin/load-shop-order.ts";
import type { OfflineSessions } from "../auth/offline-sessions.ts";
import { trackingCompany } from "../fulfilment/carriers.ts";
import { FulfilmentError, fulfilOnce } from "../fulfilment/fulfil-once.ts";
import { isCancelled, refundedStatus } from "../mapping/order-facts.ts";
import type { ShopifyOrder } from "../mapping/shopify-order.ts";
import { toStoreOrder } from "../mapping/to-store-order.ts";
import { loadSettings, setConnection } from "../store/settings.ts";
import {
  beginShipment,
  type IssuesByLanguage,
  type Price,
  recordNeedsAttention,
  recordPackageId,
  recordShipped,
  recordWaiting,
  type ShipmentRow,
  type Tracking,
} from "../store/shipments.ts";
import {
  connectionIssues,
  fulfilledElsewhereIssues,
  fulfilmentIssues,
  refundedIssues,
  senderIssues,
  severalLocationsIssues,
  tooLargeIssues,
  validationIssues,
} from "./attention-issues.ts";
import { cancelShopifyOrder } from "./cancel-order.ts";
import { cancelShipment } from "./cancel-shipment.ts";
import { pickupPointIssues } from "./check-pickup-point.ts";
import type { ShippingConnections } from "./connections.ts";
import { findOrderPackage, findPaidOrderPackage } from "./find-order-package.ts";

export interface ShipContext {
  readonly pool: pg.Pool;
  readonly shopify: Shopify;
  readonly sessions: OfflineSessions;
  readonly connections: ShippingConnections;
  readonly tokenStore: PostgresTokenStore;
}

export type ShipOutcome = "fulfilled" | "needs_attention" | "skipped" | "waiting" | "unknown_order";

/** What to do with the confirmed order: ship it, list it as waiting for "Ship", or neither. */
export type ShipPlan = "ship" | "wait" | "ignore";

export interface ShipRequest {
  /**
   * Decides from the order as Shopify holds it (mapped, and as read) what to do; shipping
   * by default. Listing an order as waiting never overwrites a row it has.
   */
  readonly plan?: (order: StoreOrderInput, held: ShopifyOrder) => ShipPlan;
}

function issue(path: string, rule: string, message: string): Issue<string> {
  return { path, rule, message };
}

export async function shipShopifyOrder(
  context: ShipContext,
  shop: string,
  id: string,
  request: ShipRequest = {},
): Promise<ShipOutcome> {
  const { pool } = context;
  const read = await loadShopOrder(context.shopify, await context.sessions.get(shop), id);
  if (read === undefined) return "unknown_order";
  const { order } = read;
  const orderId = String(order.id);
  const orderGid = order.admin_graphql_api_id ?? gidOf(orderId);
  // A cancelled order is never shipped, whichever delivery or button asked;
  // cancelled before its orders/cancelled delivery came, it is marked (and any
  // package it has is cancelled) here, as that delivery would.
  if (isCancelled(order)) {
    await cancelShopifyOrder(context, {
      shop,
      orderId,
      orderGid,
      orderName: order.name ?? orderId,
    });
    return "skipped";
  }
  const { settings, connection } = await loadSettings(pool, shop);
  const storeOrder = toStoreOrder(order, { defaultService: settings.defaultService });
  const key = {
    shop,
    orderId,
    orderGid,
    orderName: order.name ?? orderId,
    service: storeOrder.shipping.service,
    pickupPoint: storeOrder.pickup_point?.code,
  };
  const plan = request.plan?.(storeOrder, order) ?? "ship";
  if (plan === "ignore") return "skipped";
  if (plan === "wait") {
    await recordWaiting(pool, key);
    return "waiting";
  }
  const row = await beginShipment(pool, key);
  if (row.status === "cancelled") {
    // A package ordered while the order was being cancelled, whose cancel command
    // has not been confirmed yet: the same command again (the service runs it once).
    // Its id may never have been recorded (a run that failed or died after the
    // order command, before the record): then it is looked up, so a paid package
    // is never left behind for a cancelled order.
    const packageId =
      row.packageId ??
      (await findPaidOrderPackage(context.connections.client(shop), shop, orderId));
    if (packageId === undefined) return "skipped";
    if (row.packageId === undefined) await recordPackageId(pool, shop, orderId, packageId);
    await cancelShipment(context, { ...row, packageId });
    return "skipped";
  }
  if (row.status === "fulfilled" || row.status.startsWith("cancelled")) return "skipped";
  const language: Language = settings.language;
  const attention = async (byLanguage: IssuesByLanguage) => {
    const issues = byLanguage[language] ?? Object.values(byLanguage)[0] ?? [];
    await recordNeedsAttention(pool, shop, orderId, issues, byLanguage);
    return "needs_attention" as const;
  };
  const only = (issues: Issue<string>[]) => attention({ [language]: issues });
  if (connection !== "connected") return attention(connectionIssues(connection));
  if (!settings.sender) return attention(senderIssues());
  if (!read.whole) return attention(tooLargeIssues());
  // One parcel has one sender, and Shopify fulfils one location per call: an
  // order split over locations is refused before a parcel is bought for it.
  if (read.locations.length > 1) return attention(severalLocationsIssues(read.locations));

  const client = context.connections.client(shop);
  // Nothing left to fulfil (the merchant fulfilled it by hand in Shopify, say
  // after it needed attention): no parcel is bought for it, unless one was
  // already paid for (that one goes on to its fulfilment as before).
  if (
    read.locations.length === 0 &&
    row.packageId === undefined &&
    (await findPaidOrderPackage(client, shop, orderId)) === undefined
  ) {
    return attention(fulfilledElsewhereIssues());
  }
  const refunded = refundedStatus(order);

  let tracking: Tracking;
  let recorded: ShipmentRow & { readonly packageId: number };
  const mapping = {
    storeId: shop,
    sender: settings.sender,
    ...(settings.parcel ? { parcel: settings.parcel } : {}),
    ...(settings.codIban ? { cod: { iban: settings.codIban } } : {}),
    language,
  };
  try {
    // Refunded in full (or voided) before its parcel was bought: none is bought,
    // whether an update or the Retry button asked. One already paid for goes on
    // to its fulfilment, even when a run died before recording its id.
    if (refunded && (await findPaidOrderPackage(client, shop, orderId)) === undefined) {
      return attention(refundedIssues(refunded));
    }
    // Only before the first package: a point that closes after ordering does not undo the shipment.
    if (row.packageId === undefined) {
      const closed = await pickupPointIssues(client, storeOrder);
      if (closed) return attention(closed);
    }
    const result = await shipOrder(client, storeOrder, { ...mapping, lock: context.tokenStore });
    tracking = {
      company: trackingCompany(storeOrder.shipping.service ?? settings.defaultService),
      numbers: result.trackingNumbers,
      urls: result.trackingUrls,
    };
    const shipped = await recordShipped(pool, shop, orderId, {
      packageId: result.packageId,
      commandId: result.commandId,
      tracking,
      label: result.label,
      price: await packagePrice(client, result.packageId),
    });
    if (!shipped) {
      throw new ShipbridgeError(
        "shipment_missing",
        `order ${orderId} of ${shop} has no shipment row`,
      );
    }
    recorded = { ...shipped, packageId: result.packageId };
    // Cancelled in Shopify while it was being shipped: the cancellation saw no
    // package yet, so the package just ordered is cancelled here as that path would.
    if (recorded.status.startsWith("cancelled")) {
      await cancelShipment(context, recorded);
      return "skipped";
    }
  } catch (error) {
    if (isValidationError(error)) {
      return attention(
        validationIssues(error.issues, language, storeOrder, {
          ...mapping,
          userReferenceNumber: shipOrderReference(shop, orderId),
        }),
      );
    }
    // Past core's validation a package may exist, even paid for: its id is kept
    // whenever it can be learnt, so a cancellation of the order cancels it.
    if (isShipOrderError(error)) await recordPackageId(pool, shop, orderId, error.packageId);
    else if (isValidationApiError(error) || isReauthorizationRequiredError(error)) {
      await rememberPackage(context, client, shop, orderId);
    }
    // The service refused the package (a point that closed, an address it rejects): retrying cannot help.
    if (isValidationApiError(error)) {
      return only(
        error.issues.length > 0 ? [...error.issues] : [issue("order", error.code, error.message)],
      );
    }
    if (isShipOrderError(error)) {
      return only(
        error.problems.length > 0
          ? error.problems.map((problem) => issue(problem.path, error.code, problem.message))
          : [issue("order", error.code, error.message)],
      );
    }
    if (isReauthorizationRequiredError(error)) {
      await setConnection(pool, shop, "reconnect");
      return attention(connectionIssues("reconnect"));
    }
    throw error;
  }

  const session = await context.sessions.get(shop);
  let fulfilled: Awaited<ReturnType<typeof fulfilOnce>>;
  try {
    fulfilled = await fulfilOnce({
      shopify: context.shopify,
      pool,
      session,
      orderId,
      orderGid,
      tracking,
      notifyCustomer: settings.notifyCustomer,
    });
  } catch (error) {
    // The parcel is paid for but Shopify refused the fulfilment: the order is
    // not left "shipped" with no fulfilment, but shown with Retry (which finds
    // the same package, so no second one is bought).
    if (error instanceof FulfilmentError) return attention(fulfilmentIssues(error.message));
    throw error;
  }
  if (fulfilled.kind === "cancelled") {
    // Cancelled between the package's record and the fulfilment: the package
    // gets the cancellation's own command (same uuid, so it runs once).
    await cancelShipment(context, { ...recorded, packageId: recorded.packageId });
    return "skipped";
  }
  return "fulfilled";
}

/** Best effort: a lapsed authorization cannot look; the cancel path looks again then. */
async function rememberPackage(
  context: ShipContext,
  client: ShippingClient,
  shop: string,
  orderId: string,
): Promise<void> {
  try {
    const packageId = await findOrderPackage(client, shop, orderId);
    if (packageId !== undefined) await recordPackageId(context.pool, shop, orderId, packageId);
  } catch {
    // Nothing more to do here: the order needs attention either way.
  }
}

/**
 * What the service charged for the package (its pricing, after any
 * adjustment), or undefined when it cannot be read now: the price is shown
 * to the merchant, never needed to ship.
 */
async function packagePrice(client: ShippingClient, packageId: number): Promise<Price | undefined> {
  try {
    const details = await client.packages.get(packageId);
    const pricing = details.pricing;
    if (!pricing) return undefined;
    const amount =
      "adjusted_price" in pricing && typeof pricing.adjusted_price === "number"
        ? pricing.adjusted_price
        : pricing.price_gross;
    return { amount, currency: pricing.currency ?? "PLN" };
  } catch {
    return undefined;
  }
}
