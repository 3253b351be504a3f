// The day's reckoning of this store: every package paid at the service in a
// range beside the Medusa order it was bought for, with core's flags (no
// order, a second package, a cancelled order still paid) and remedies; and
// a remedy run once its flag still holds. A package's reference names its
// shipment (`storeId:shipment_key`); the attempt ledger says whether Medusa
// keeps its fulfillment (an order's, a return's or a standalone one), and
// names its order (else the key itself does).
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

/** How Medusa sees the shipment a package was bought for, and what names it there. */
interface ShipmentStatus {
  readonly status: StoreOrderStatus;
  /** The Medusa order, when Medusa has it. */
  readonly orderId: string | undefined;
  /** The live Medusa fulfillment that holds the package, when one does. */
  readonly fulfillmentId: string | undefined;
}

/**
 * How Medusa sees the shipment a key was bought for. First the ledger: a
 * shipment whose fulfillment Medusa keeps (an order's, a return's, or a
 * standalone fulfillment's, which has no order) is shipped. Then the order
 * (the ledger's, else the key's own start, `order_…-…`): cancelled,
 * shipped (a live fulfillment of it holds the key) or open. A key the
 * ledger knows whose order Medusa has not (a return keyed by the address,
 * a standalone fulfillment since cancelled) is the store's own, left to its
 * reconcile job: open. Unknown only when neither the ledger nor Medusa
 * knows it.
 */
async function statusOf(
  shipbridge: ShipbridgeModuleService,
  query: GraphQuery,
  key: string,
): Promise<ShipmentStatus> {
  const ledger = shipbridge.connection.ledger;
  const [attempt] = await ledger.attempts(shipbridge.pluginOptions.storeId, [key]);
  if (attempt !== undefined && (await ledger.fulfillmentKept(attempt)) === true) {
    const standalone = attempt.order_id === attempt.fulfillment_id;
    const orderId =
      standalone || !attempt.order_id.startsWith("order_") ? undefined : attempt.order_id;
    return { status: "shipped", orderId, fulfillmentId: attempt.fulfillment_id };
  }
  const orderId = attempt?.order_id ?? /^(order_[A-Za-z0-9]+)(?:-|$)/.exec(key)?.[1];
  const { data } =
    orderId === undefined
      ? { data: [] }
      : await query.graph({
          entity: "order",
          fields: [
            "id",
            "status",
            "fulfillments.id",
            "fulfillments.canceled_at",
            "fulfillments.data",
          ],
          filters: { id: orderId },
        });
  const order = data[0] as Loose | undefined;
  if (order === undefined) {
    return {
      status: attempt === undefined ? "unknown" : "open",
      orderId: undefined,
      fulfillmentId: undefined,
    };
  }
  if (order["status"] === "canceled")
    return { status: "cancelled", orderId, fulfillmentId: undefined };
  const holding = listOf(order["fulfillments"]).find(
    (fulfillment) =>
      !fulfillment["canceled_at"] &&
      (fulfillment["data"] as Loose | null)?.["shipment_key"] === key,
  );
  return {
    status: holding === undefined ? "open" : "shipped",
    orderId,
    fulfillmentId: holding === undefined ? undefined : String(holding["id"]),
  };
}

/** The reckoning of this store's packages paid from `from` to `to`, each row with its Medusa order. */
export async function storeReckoning(
  shipbridge: ShipbridgeModuleService,
  query: GraphQuery,
  range: { from: string; to: string },
  language: Language,
) {
  const storeId = shipbridge.pluginOptions.storeId;
  const shipments = new Map<string, ShipmentStatus>();
  const reckoning: Reckoning = await dayReckoning(shipbridge.connection.client, {
    from: range.from,
    to: range.to,
    storeIds: [storeId],
    language,
    ...(shipbridge.pluginOptions.companyId === undefined
      ? {}
      : { companyId: shipbridge.pluginOptions.companyId }),
    orders: async (reference) => {
      const shipment = await statusOf(shipbridge, query, reference.orderId);
      shipments.set(reference.orderId, shipment);
      return shipment.status;
    },
  });
  return {
    ...reckoning,
    rows: reckoning.rows.map((row) => {
      const shipment = row.orderId === undefined ? undefined : shipments.get(row.orderId);
      return {
        ...row,
        medusaOrderId: shipment?.orderId ?? null,
        medusaFulfillmentId: shipment?.fulfillmentId ?? null,
      };
    }),
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
