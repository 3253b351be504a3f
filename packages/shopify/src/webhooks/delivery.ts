// A stored delivery read once, in one step, into what its handler needs:
// `{ shop, topic, order }`, where `order` is the id of the order an order
// topic names (the edit's order for orders/edited, whose body is a summary
// of the edit), or the topic's own payload, typed (the compliance topics),
// or the body as it came for a topic that reads its own. Nothing past this
// step looks into a delivery's body. The body only says which order to look
// at: what ships is the order as the shop's Admin API holds it.
import type { InboxEntry } from "../store/inbox.ts";
import { type AppTopic, isAppTopic, isOrderTopic, type OrderTopic } from "./topics.ts";

/** app/uninstalled and shop/redact: the shop that is gone (its body must name it). */
export interface ShopGone {
  readonly shopDomain: string;
}

/** customers/redact: the customer whose data goes, and their orders. */
export interface CustomerRedaction {
  readonly customerId: string | undefined;
  readonly orderIds: readonly string[];
}

/** customers/data_request: what the app keeps of a customer, asked for. */
export interface DataRequest {
  /** The request's id (the delivery's, when the body has none). */
  readonly requestId: string;
  readonly customer:
    | { readonly id?: string; readonly email?: string; readonly phone?: string }
    | undefined;
  readonly orderIds: readonly string[];
}

/** What each topic's delivery carries once read (a topic not named here: its body as it came). */
interface TopicPayloads {
  "app/uninstalled": ShopGone;
  "shop/redact": ShopGone;
  "customers/redact": CustomerRedaction;
  "customers/data_request": DataRequest;
}

/** The `order` of a topic's delivery: the order's id for an order topic. */
export type DeliveryOrder<T extends AppTopic> = T extends OrderTopic
  ? string
  : T extends keyof TopicPayloads
    ? TopicPayloads[T]
    : unknown;

/** One delivery, read: for a topic T, or (the default) any topic the app takes. */
export type Delivery<T extends AppTopic = AppTopic> = T extends AppTopic
  ? {
      readonly webhookId: string;
      readonly shop: string;
      readonly topic: T;
      readonly order: DeliveryOrder<T>;
      /** The order's name (`#1001`) when an order's body gives it. */
      readonly orderName?: string;
    }
  : never;

/** Whether the delivery is of an order topic (its `order` is the order's id). */
export function isOrderDelivery(delivery: Delivery): delivery is Delivery<OrderTopic> {
  return isOrderTopic(delivery.topic);
}

type Body = Readonly<Record<string, unknown>>;

function body(payload: unknown): Body {
  return typeof payload === "object" && payload !== null && !Array.isArray(payload)
    ? (payload as Body)
    : {};
}

/** An order's numeric id from a body's id (a number, digits, or the order's GID), or undefined. */
export function orderIdOf(value: unknown): string | undefined {
  if (typeof value === "number") {
    return Number.isSafeInteger(value) && value > 0 ? String(value) : undefined;
  }
  if (typeof value !== "string") return undefined;
  const id = value.trim().replace(/^gid:\/\/shopify\/Order\//, "");
  return /^[1-9][0-9]*$/.test(id) ? id : undefined;
}

/** An id as a string: a number or a non-empty string, else undefined. */
function idText(value: unknown): string | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

function idList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.map(idText).filter((id): id is string => id !== undefined);
}

function customerOf(value: unknown): DataRequest["customer"] {
  if (typeof value !== "object" || value === null) return undefined;
  const customer = body(value);
  const id = idText(customer.id);
  const text = (field: unknown) => (typeof field === "string" && field !== "" ? field : undefined);
  const email = text(customer.email);
  const phone = text(customer.phone);
  return {
    ...(id === undefined ? {} : { id }),
    ...(email === undefined ? {} : { email }),
    ...(phone === undefined ? {} : { phone }),
  };
}

/**
 * The delivery, read; undefined when it names nothing to act on (an order
 * topic whose body names no order, a topic the app does not take).
 */
export function parseDelivery(entry: InboxEntry): Delivery | undefined {
  const { webhookId, shop, topic } = entry;
  const payload = body(entry.payload);
  if (isOrderTopic(topic)) {
    const order = orderIdOf(
      topic === "orders/edited" ? body(payload.order_edit).order_id : payload.id,
    );
    if (order === undefined) return undefined;
    const name = topic === "orders/edited" ? undefined : payload.name;
    return {
      webhookId,
      shop,
      topic,
      order,
      ...(typeof name === "string" && name !== "" ? { orderName: name } : {}),
    } as Delivery<OrderTopic>;
  }
  switch (topic) {
    case "app/uninstalled":
      return { webhookId, shop, topic, order: { shopDomain: String(payload.myshopify_domain) } };
    case "shop/redact":
      return { webhookId, shop, topic, order: { shopDomain: String(payload.shop_domain) } };
    case "customers/redact":
      return {
        webhookId,
        shop,
        topic,
        order: {
          customerId: idText(body(payload.customer).id),
          orderIds: idList(payload.orders_to_redact),
        },
      };
    case "customers/data_request":
      return {
        webhookId,
        shop,
        topic,
        order: {
          requestId: idText(body(payload.data_request).id) ?? webhookId,
          customer: customerOf(payload.customer),
          orderIds: idList(payload.orders_requested),
        },
      };
    default:
      return isAppTopic(topic)
        ? ({ webhookId, shop, topic, order: entry.payload } as Delivery)
        : undefined;
  }
}
