// The fulfillments of an order that this plugin's provider shipped, its own
// and its returns', read through Medusa's links (order ↔ fulfillment and
// return ↔ fulfillment) with what the provider returned (`data`, labels).
// A shipment is recorded and shown from these, never from ids guessed out
// of an event's payload.

/** What `query.graph` needs here (Medusa's Query). */
export interface GraphQuery {
  graph(input: {
    entity: string;
    fields: string[];
    filters?: Record<string, unknown>;
  }): Promise<{ data: unknown[] }>;
}

export interface OrderFulfillment {
  readonly id: string;
  readonly provider_id?: string | null;
  readonly data?: Record<string, unknown> | null;
  readonly labels?:
    | { tracking_number?: string; tracking_url?: string; label_url?: string }[]
    | null;
  readonly canceled_at?: unknown;
  readonly shipped_at?: unknown;
  readonly delivered_at?: unknown;
  readonly created_at?: Date | string;
  readonly updated_at?: Date | string;
}

/** One fulfillment the plugin shipped: a parcel to the customer or a return's. */
export interface ShippedOrderFulfillment {
  readonly fulfillment: OrderFulfillment;
  readonly order_id: string;
  readonly kind: "shipment" | "return";
  /** The return it carries, for a return's parcel. */
  readonly return_id?: string;
}

const FULFILLMENT_FIELDS = [
  "id",
  "provider_id",
  "data",
  "canceled_at",
  "shipped_at",
  "delivered_at",
  "created_at",
  "updated_at",
  "labels.*",
];

/** Whether the plugin's provider made this fulfillment (its id is `shipbridge_<id>`). */
export function isShipbridgeFulfillment(fulfillment: OrderFulfillment): boolean {
  return (
    fulfillment.provider_id?.startsWith("shipbridge_") === true &&
    typeof fulfillment.data?.["package_id"] === "number"
  );
}

/** Every fulfillment of the order (and of its returns) the plugin shipped, oldest first. */
export async function orderFulfillments(
  query: GraphQuery,
  orderId: string,
): Promise<ShippedOrderFulfillment[]> {
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      ...FULFILLMENT_FIELDS.map((field) => `fulfillments.${field}`),
      "returns.id",
      ...FULFILLMENT_FIELDS.map((field) => `returns.fulfillments.${field}`),
    ],
    filters: { id: orderId },
  });
  const order = data[0] as
    | {
        id: string;
        fulfillments?: (OrderFulfillment | null)[] | null;
        returns?: ({ id: string; fulfillments?: (OrderFulfillment | null)[] | null } | null)[];
      }
    | undefined;
  if (order === undefined) return [];
  const found: ShippedOrderFulfillment[] = [];
  const seen = new Set<string>();
  for (const fulfillment of order.fulfillments ?? []) {
    if (fulfillment === null || !isShipbridgeFulfillment(fulfillment)) continue;
    seen.add(fulfillment.id);
    found.push({
      fulfillment,
      order_id: order.id,
      kind: fulfillment.data?.["is_return"] === true ? "return" : "shipment",
    });
  }
  for (const orderReturn of order.returns ?? []) {
    for (const fulfillment of orderReturn?.fulfillments ?? []) {
      if (fulfillment === null || orderReturn === null || !isShipbridgeFulfillment(fulfillment)) {
        continue;
      }
      if (seen.has(fulfillment.id)) continue;
      seen.add(fulfillment.id);
      found.push({ fulfillment, order_id: order.id, kind: "return", return_id: orderReturn.id });
    }
  }
  return found;
}
