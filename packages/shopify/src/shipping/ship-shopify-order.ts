// The work behind an order webhook: map the Shopify order, ship it once
// with core's shipOrder (the PostgresTokenStore is the lock between
// instances, so one order gives one package and one order command however
// many deliveries and workers race), keep tracking and label, then fulfil it
// once in Shopify. An order that cannot be shipped (core's validation, or the
// service refusing it, such as a pickup point that closed) is kept with the
// path-addressed issues as "needs attention", never sent elsewhere;
// transient failures throw, so the job is retried.
import {
  type Issue,
  isReauthorizationRequiredError,
  isShipOrderError,
  isValidationApiError,
  isValidationError,
  type ShippingClient,
  shipOrder,
} from "@shipbridge/core";
import type { PostgresTokenStore } from "@shipbridge/core/postgres";
import type { Shopify } from "@shopify/shopify-api";
import type pg from "pg";
import type { OfflineSessions } from "../auth/offline-sessions.ts";
import { trackingCompany } from "../fulfilment/carriers.ts";
import { fulfilOnce } from "../fulfilment/fulfil-once.ts";
import type { ShopifyOrder } from "../mapping/shopify-order.ts";
import { toStoreOrder } from "../mapping/to-store-order.ts";
import { loadSettings, setConnection } from "../store/settings.ts";
import {
  beginShipment,
  recordNeedsAttention,
  recordPackageId,
  recordShipped,
  type Tracking,
} from "../store/shipments.ts";
import { cancelShipment } from "./cancel-shipment.ts";
import { pickupPointIssues } from "./check-pickup-point.ts";
import type { ShippingConnections } from "./connections.ts";
import { findOrderPackage } from "./find-order-package.ts";

export interface ShipContext {
  readonly pool: pg.Pool;
  readonly shopify: Shopify;
  readonly sessions: OfflineSessions;
  readonly connections: ShippingConnections;
  readonly tokenStore: PostgresTokenStore;
}

export type ShipOutcome = "fulfilled" | "needs_attention" | "skipped";

function issue(path: string, rule: string, message: string): Issue<string> {
  return { path, rule, message };
}

export async function shipShopifyOrder(
  context: ShipContext,
  shop: string,
  order: ShopifyOrder,
): Promise<ShipOutcome> {
  const { pool } = context;
  const orderId = String(order.id);
  const orderGid = order.admin_graphql_api_id ?? `gid://shopify/Order/${orderId}`;
  const row = await beginShipment(pool, {
    shop,
    orderId,
    orderGid,
    orderName: order.name ?? orderId,
  });
  if (row.status === "cancelled" && row.packageId !== undefined) {
    // A package ordered while the order was being cancelled, whose cancel command
    // has not been confirmed yet: the same command again (the service runs it once).
    await cancelShipment(context, { ...row, packageId: row.packageId });
    return "skipped";
  }
  if (row.status === "fulfilled" || row.status.startsWith("cancelled")) return "skipped";
  const { settings, connection } = await loadSettings(pool, shop);
  const attention = async (issues: Issue<string>[]) => {
    await recordNeedsAttention(pool, shop, orderId, issues);
    return "needs_attention" as const;
  };
  if (connection !== "connected") {
    return attention([
      issue(
        "connection",
        connection === "reconnect" ? "reauthorization_required" : "not_connected",
        "Connect the shipping account in the app's settings.",
      ),
    ]);
  }
  if (!settings.sender) {
    return attention([
      issue("settings.sender", "required", "Enter the sender address in the app's settings."),
    ]);
  }

  let tracking: Tracking;
  const storeOrder = toStoreOrder(order, { defaultService: settings.defaultService });
  const client = context.connections.client(shop);
  try {
    // Only before the first package: a point that closes after ordering does not undo the shipment.
    if (row.packageId === undefined) {
      const closed = await pickupPointIssues(client, storeOrder);
      if (closed.length > 0) return attention(closed);
    }
    const result = await shipOrder(client, storeOrder, {
      storeId: shop,
      sender: settings.sender,
      ...(settings.parcel ? { parcel: settings.parcel } : {}),
      ...(settings.codIban ? { cod: { iban: settings.codIban } } : {}),
      language: settings.language,
      lock: context.tokenStore,
    });
    tracking = {
      company: trackingCompany(storeOrder.shipping.service ?? settings.defaultService),
      numbers: result.trackingNumbers,
      urls: result.trackingUrls,
    };
    const recorded = await recordShipped(pool, shop, orderId, {
      packageId: result.packageId,
      commandId: result.commandId,
      tracking,
      label: result.label,
    });
    // Cancelled in Shopify while it was being shipped: the cancellation saw no
    // package yet, so the package just ordered is cancelled here as that path would.
    if (recorded?.status.startsWith("cancelled")) {
      await cancelShipment(context, { ...recorded, packageId: result.packageId });
      return "skipped";
    }
  } catch (error) {
    if (isValidationError(error)) return attention([...error.issues]);
    // Past core's validation a package may exist, even paid for: its id is kept
    // whenever it can be learnt, so a cancellation of the order cancels it.
    if (isShipOrderError(error)) await recordPackageId(pool, shop, orderId, error.packageId);
    else if (isValidationApiError(error) || isReauthorizationRequiredError(error)) {
      await rememberPackage(context, client, shop, orderId);
    }
    // The service refused the package (a point that closed, an address it rejects): retrying cannot help.
    if (isValidationApiError(error)) {
      return attention(
        error.issues.length > 0 ? [...error.issues] : [issue("order", error.code, error.message)],
      );
    }
    if (isShipOrderError(error)) {
      return attention(
        error.problems.length > 0
          ? error.problems.map((problem) => issue(problem.path, error.code, problem.message))
          : [issue("order", error.code, error.message)],
      );
    }
    if (isReauthorizationRequiredError(error)) {
      await setConnection(pool, shop, "reconnect");
      return attention([
        issue(
          "connection",
          "reauthorization_required",
          "Reconnect the shipping account in the app's settings.",
        ),
      ]);
    }
    throw error;
  }

  const session = await context.sessions.get(shop);
  await fulfilOnce({
    shopify: context.shopify,
    pool,
    session,
    orderId,
    orderGid,
    tracking,
    notifyCustomer: settings.notifyCustomer,
  });
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
