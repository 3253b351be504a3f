// The orders a batch ships, read from Medusa with the fields its
// fulfillment workflow hands the provider: their lines (what is left to
// fulfil), the shipping address, the shipping method's data (carrier,
// point) and whether that method is this plugin's; and the orders waiting
// for a parcel ("all waiting": not cancelled, something left to fulfil,
// shipped by this plugin's carriers).
import { listOf } from "./shipment-items.ts";

type Loose = Record<string, unknown>;

/** The part of Medusa's query the batch uses. */
export interface GraphQuery {
  graph(config: {
    entity: string;
    fields: string[];
    filters?: Record<string, unknown>;
    pagination?: { take?: number; skip?: number; order?: Record<string, "ASC" | "DESC"> };
  }): Promise<{ data: unknown[] }>;
}

const ORDER_FIELDS = [
  "id",
  "display_id",
  "status",
  "email",
  "currency_code",
  "total",
  "metadata",
  "created_at",
  "shipping_address.*",
  "items.id",
  "items.title",
  "items.variant_title",
  "items.variant_sku",
  "items.quantity",
  "items.unit_price",
  "items.variant.weight",
  "items.detail.quantity",
  "items.detail.fulfilled_quantity",
  "shipping_methods.id",
  "shipping_methods.shipping_option_id",
  "shipping_methods.data",
  "fulfillments.id",
  "fulfillments.canceled_at",
  "fulfillments.provider_id",
  "fulfillments.data",
];

/** How many orders "all waiting" looks at, newest first. */
export const WAITING_LIMIT = 1000;

function num(value: unknown): number {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && Number.isFinite(Number(value))) return Number(value);
  if (value !== null && typeof value === "object" && "numeric" in value) {
    return num((value as { numeric: unknown }).numeric);
  }
  return 0;
}

/** An order as the batch reads it. */
export interface BatchOrderRecord extends Loose {
  readonly id: string;
  /** The shipping method's data when its option is this plugin's; undefined otherwise. */
  readonly shipbridgeData: Loose | undefined;
}

/**
 * What is left to fulfil of each line, as the fulfillment workflow's items
 * (`line_item_id`, `quantity`, the title and sku the workflow gives).
 */
export function remainingItems(order: Loose): Loose[] {
  return listOf(order["items"]).flatMap((item) => {
    const detail = (item["detail"] ?? {}) as Loose;
    const left = num(item["quantity"] ?? detail["quantity"]) - num(detail["fulfilled_quantity"]);
    if (left <= 0) return [];
    return [
      {
        line_item_id: item["id"],
        quantity: left,
        title: item["variant_title"] ?? item["title"],
        sku: item["variant_sku"] || "",
      },
    ];
  });
}

/** The live fulfillments of the order made by this plugin (not cancelled). */
export function liveShipbridgeFulfillments(order: Loose, providerPrefix: string): Loose[] {
  return listOf(order["fulfillments"]).filter(
    (fulfillment) =>
      !fulfillment["canceled_at"] &&
      String(fulfillment["provider_id"] ?? "").startsWith(providerPrefix),
  );
}

async function withProviders(
  query: GraphQuery,
  orders: Loose[],
  providerPrefix: string,
): Promise<BatchOrderRecord[]> {
  const optionIds = [
    ...new Set(
      orders.flatMap((order) =>
        listOf(order["shipping_methods"]).map((method) => String(method["shipping_option_id"])),
      ),
    ),
  ].filter((id) => id !== "undefined" && id !== "null");
  const { data } =
    optionIds.length === 0
      ? { data: [] }
      : await query.graph({
          entity: "shipping_option",
          fields: ["id", "provider_id"],
          filters: { id: optionIds },
        });
  const ours = new Set(
    (data as Loose[])
      .filter((option) => String(option["provider_id"] ?? "").startsWith(providerPrefix))
      .map((option) => String(option["id"])),
  );
  return orders.map((order) => {
    const method = listOf(order["shipping_methods"]).find((m) =>
      ours.has(String(m["shipping_option_id"])),
    );
    return {
      ...order,
      id: String(order["id"]),
      shipbridgeData: method === undefined ? undefined : ((method["data"] ?? {}) as Loose),
    };
  });
}

/** The orders of `ids` that Medusa has, by id. */
export async function loadOrders(
  query: GraphQuery,
  ids: readonly string[],
  providerPrefix: string,
): Promise<Map<string, BatchOrderRecord>> {
  if (ids.length === 0) return new Map();
  const { data } = await query.graph({
    entity: "order",
    fields: ORDER_FIELDS,
    filters: { id: [...ids] },
  });
  const orders = await withProviders(query, data as Loose[], providerPrefix);
  return new Map(orders.map((order) => [order.id, order]));
}

/**
 * The orders waiting for a parcel, oldest first: not cancelled (nor drafts
 * or archived), something left to fulfil, a shipping method of this plugin.
 */
export async function waitingOrderIds(
  query: GraphQuery,
  providerPrefix: string,
): Promise<string[]> {
  const { data } = await query.graph({
    entity: "order",
    fields: ORDER_FIELDS,
    filters: { status: { $nin: ["canceled", "draft", "archived"] } },
    pagination: { take: WAITING_LIMIT, order: { created_at: "DESC" } },
  });
  const orders = await withProviders(query, data as Loose[], providerPrefix);
  return orders
    .filter((order) => order.shipbridgeData !== undefined && remainingItems(order).length > 0)
    .reverse()
    .map((order) => order.id);
}
