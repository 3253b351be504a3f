// The orders a batch ships, read from Medusa with the fields its
// fulfillment workflow hands the provider, and what of each ships with this
// plugin: a group per shipping method of this plugin (its carrier and
// point), holding what is left to fulfil of the lines that need shipping
// and belong to that method's shipping profile, as Medusa's workflow
// accepts them in one fulfillment; and the orders waiting for a parcel
// ("all waiting": not cancelled, something of a group left to fulfil).
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
  "items.requires_shipping",
  "items.variant.weight",
  "items.variant.product.shipping_profile.id",
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

/** What of an order one shipping method of this plugin ships: one fulfillment, one package. */
export interface ShipmentGroup {
  /** The order's shipping method. */
  readonly methodId: string;
  /** Its shipping option (handed to Medusa's workflow). */
  readonly optionId: string;
  /** The shipping method's data (carrier, point). */
  readonly data: Loose;
  /** What is left to fulfil of its lines, as the fulfillment workflow's items. */
  readonly items: Loose[];
}

/** An order as the batch reads it. */
export interface BatchOrderRecord extends Loose {
  readonly id: string;
  /** One per shipping method of this plugin, in the order's order (a group may have nothing left). */
  readonly groups: readonly ShipmentGroup[];
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

/** The shipping profile of a line's product; undefined for a line without one (a custom item). */
function profileOf(item: Loose): string | undefined {
  const variant = (item["variant"] ?? undefined) as Loose | undefined;
  const product = (variant?.["product"] ?? undefined) as Loose | undefined;
  const profile = (product?.["shipping_profile"] ?? undefined) as Loose | undefined;
  return typeof profile?.["id"] === "string" ? profile["id"] : undefined;
}

/**
 * The order's groups: for each of its shipping methods whose option is this
 * plugin's (`options`: option id to its shipping profile), what is left of
 * the lines that need shipping and whose product is of the option's
 * profile, as Medusa's fulfillment workflow accepts them together (it
 * refuses another profile's line and a mix of lines with and without
 * shipping). A line of no product goes with the first group. A line is in
 * one group at most.
 */
export function shipmentGroups(
  order: Loose,
  options: ReadonlyMap<string, string | undefined>,
): ShipmentGroup[] {
  const left = new Map(
    remainingItems(order).map((item) => [String(item["line_item_id"]), item] as const),
  );
  const taken = new Set<string>();
  const methods = listOf(order["shipping_methods"]).filter((method) =>
    options.has(String(method["shipping_option_id"])),
  );
  return methods.map((method, index) => {
    const optionId = String(method["shipping_option_id"]);
    const profile = options.get(optionId);
    const items = listOf(order["items"]).flatMap((line) => {
      const id = String(line["id"]);
      const item = left.get(id);
      if (item === undefined || taken.has(id) || line["requires_shipping"] === false) return [];
      const own = profileOf(line);
      const fits = own === undefined ? index === 0 : profile === undefined || own === profile;
      if (!fits) return [];
      taken.add(id);
      return [item];
    });
    return {
      methodId: String(method["id"]),
      optionId,
      data: (method["data"] ?? {}) as Loose,
      items,
    };
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
          fields: ["id", "provider_id", "shipping_profile_id"],
          filters: { id: optionIds },
        });
  const ours = new Map(
    (data as Loose[])
      .filter((option) => String(option["provider_id"] ?? "").startsWith(providerPrefix))
      .map((option) => {
        const profile = option["shipping_profile_id"];
        return [String(option["id"]), typeof profile === "string" ? profile : undefined] as const;
      }),
  );
  return orders.map((order) => ({
    ...order,
    id: String(order["id"]),
    groups: shipmentGroups(order, ours),
  }));
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
 * or archived), something left to fulfil that ships with a shipping method
 * of this plugin (a line of its profile that needs shipping).
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
    .filter((order) => order.groups.some((group) => group.items.length > 0))
    .reverse()
    .map((order) => order.id);
}
