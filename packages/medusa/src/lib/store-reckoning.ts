// The day's reckoning of this store: every package paid at the service in a
// range beside the Medusa order it was bought for, with core's flags (no
// order, a second package, a cancelled order still paid) and remedies; and
// a remedy run once its flag still holds. A package's reference names its
// shipment (`storeId:shipment_key`); the attempt ledger, or the key itself,
// names the order.
import { MedusaError } from "@medusajs/framework/utils";
import {
  applyRemedy,
  dayReckoning,
  type Language,
  type Reckoning,
  type Remedy,
  type RemedyResult,
  type StoreOrderStatus,
} from "@shipbridge/core";
import type { ShipbridgeModuleService } from "../modules/shipbridge/service.ts";
import type { GraphQuery } from "./batch-orders.ts";
import { listOf } from "./shipment-items.ts";

type Loose = Record<string, unknown>;

/** The Medusa order of a shipment key: the ledger's, else the key's own start (`order_…-…`). */
async function orderOfKey(shipbridge: ShipbridgeModuleService, key: string) {
  const [attempt] = await shipbridge.connection.ledger.attempts(shipbridge.pluginOptions.storeId, [
    key,
  ]);
  return attempt?.order_id ?? /^(order_[A-Za-z0-9]+)(?:-|$)/.exec(key)?.[1];
}

/** How Medusa sees the order a shipment key was bought for, and that order's id. */
async function statusOf(
  shipbridge: ShipbridgeModuleService,
  query: GraphQuery,
  key: string,
): Promise<{ status: StoreOrderStatus; orderId: string | undefined }> {
  const orderId = await orderOfKey(shipbridge, key);
  if (orderId === undefined) return { status: "unknown", orderId };
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "status", "fulfillments.id", "fulfillments.canceled_at", "fulfillments.data"],
    filters: { id: orderId },
  });
  const order = data[0] as Loose | undefined;
  if (order === undefined) return { status: "unknown", orderId };
  if (order["status"] === "canceled") return { status: "cancelled", orderId };
  const shipped = listOf(order["fulfillments"]).some(
    (fulfillment) =>
      !fulfillment["canceled_at"] &&
      (fulfillment["data"] as Loose | null)?.["shipment_key"] === key,
  );
  return { status: shipped ? "shipped" : "open", orderId };
}

/** The reckoning of this store's packages paid from `from` to `to`, each row with its Medusa order. */
export async function storeReckoning(
  shipbridge: ShipbridgeModuleService,
  query: GraphQuery,
  range: { from: string; to: string },
  language: Language,
) {
  const storeId = shipbridge.pluginOptions.storeId;
  const orders = new Map<string, string | undefined>();
  const reckoning: Reckoning = await dayReckoning(shipbridge.connection.client, {
    from: range.from,
    to: range.to,
    storeIds: [storeId],
    language,
    ...(shipbridge.pluginOptions.companyId === undefined
      ? {}
      : { companyId: shipbridge.pluginOptions.companyId }),
    orders: async (reference) => {
      const { status, orderId } = await statusOf(shipbridge, query, reference.orderId);
      orders.set(reference.orderId, orderId);
      return status;
    },
  });
  return {
    ...reckoning,
    rows: reckoning.rows.map((row) => ({
      ...row,
      medusaOrderId: row.orderId === undefined ? null : (orders.get(row.orderId) ?? null),
    })),
  };
}

/**
 * Runs a reckoning row's remedy once its flag still holds for this store's
 * package (the order still cancelled, still unknown, or the package still
 * a second one); the ledger then counts the package cancelled.
 */
export async function storeRemedy(
  shipbridge: ShipbridgeModuleService,
  query: GraphQuery,
  remedy: Remedy,
  language: Language,
): Promise<RemedyResult> {
  const storeId = shipbridge.pluginOptions.storeId;
  const client = shipbridge.connection.client;
  const pkg = await client.packages.get(remedy.packageId, { language });
  const reference = pkg.user_reference_number ?? "";
  const refuse = (code: string, texts: Readonly<Record<Language, string>>): never => {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, texts[language], code);
  };
  if (!reference.startsWith(`${storeId}:`)) {
    refuse("remedy_not_this_store", {
      en_GB: `packageId: package ${remedy.packageId} was not bought by this store`,
      pl_PL: `packageId: paczka ${remedy.packageId} nie została kupiona przez ten sklep`,
    });
  }
  const key = reference.slice(storeId.length + 1);
  const { status } = await statusOf(shipbridge, query, key);
  let holds = false;
  if (remedy.reason === "cancelled_order_paid") holds = status === "cancelled";
  else if (remedy.reason === "no_order") holds = status === "unknown";
  else {
    const { packages } = await client.packages.list(
      { user_reference_number: reference },
      { language },
    );
    holds = packages.some(
      (other) =>
        other.package_id < remedy.packageId &&
        other.user_reference_number === reference &&
        Boolean(other.datetime_order) &&
        other.state !== "canceled",
    );
  }
  if (!holds) {
    refuse("remedy_not_applicable", {
      en_GB: `reason: package ${remedy.packageId} is no longer ${remedy.reason} (its order is ${status}); reckon the day again`,
      pl_PL: `reason: paczka ${remedy.packageId} nie jest już ${remedy.reason} (jej zamówienie: ${status}); rozlicz dzień ponownie`,
    });
  }
  const result = await applyRemedy(client, remedy, {
    storeIds: [storeId],
    orders: async (reference) => (await statusOf(shipbridge, query, reference.orderId)).status,
    language,
  });
  if (result.cancelled) {
    await shipbridge.connection.ledger.cancelled(storeId, remedy.packageId);
  }
  return result;
}
