// FakeShopify's returns, as the Admin API models them: a merchant's
// `returnCreate` makes an OPEN return with one reverse fulfillment order of
// its lines; a customer's `returnRequest` makes a REQUESTED one, which
// `returnApproveRequest` opens (and gives its reverse fulfillment order) or
// `returnDeclineRequest` declines; `returnCancel` cancels it (its reverse
// fulfillment orders too); `returnClose` closes an open one and
// `returnReopen` opens it again (their reverse fulfillment orders with them);
// `returnProcess` processes lines and closes the return once all are; `reverseDeliveryCreateWithShipping` attaches a
// label (fetched from `labelInput.fileUrl` when it is made, as Shopify keeps
// its own copy behind `publicFileUrl`) and tracking to a reverse fulfillment
// order's lines. Returned lines are the order's fulfillment line items, each
// at most as many times as it was fulfilled over all returns not cancelled or
// declined. Each change sends its webhook (returns/approve for a created or
// approved return, returns/request, returns/decline, returns/cancel,
// returns/close, returns/reopen, returns/process,
// reverse_deliveries/attach_deliverable) to `onWebhook`, after the mutation's
// answer, as Shopify sends them. Documents are checked against the schema and
// the token's scopes by FakeShopify before any of this runs.
import type { FakeOrder } from "./fake-shopify.ts";

export type FakeReturnStatus = "REQUESTED" | "OPEN" | "DECLINED" | "CANCELED" | "CLOSED";

export interface FakeReturnLine {
  readonly id: string;
  readonly fulfillmentLineItemId: string;
  readonly quantity: number;
}

export interface FakeReverseDelivery {
  readonly id: string;
  readonly lines: readonly { readonly lineId: string; readonly quantity: number }[];
  readonly label: {
    readonly fileUrl: string;
    readonly publicFileUrl: string;
    readonly contentType: string;
    readonly bytes: Uint8Array;
    readonly createdAt: string;
  } | null;
  readonly tracking: { readonly number: string | null; readonly url: string | null } | null;
  readonly notifyCustomer: boolean;
}

export interface FakeReverseFulfillmentOrder {
  readonly id: string;
  status: "OPEN" | "CLOSED" | "CANCELED";
  readonly lineItems: readonly {
    readonly id: string;
    readonly fulfillmentLineItemId: string;
    readonly totalQuantity: number;
  }[];
  readonly deliveries: FakeReverseDelivery[];
}

export interface FakeReturn {
  readonly id: string;
  readonly name: string;
  readonly orderId: string;
  status: FakeReturnStatus;
  readonly lines: readonly FakeReturnLine[];
  readonly reverseFulfillmentOrders: FakeReverseFulfillmentOrder[];
  readonly createdAt: string;
  requestApprovedAt: string | null;
  closedAt: string | null;
  /** Quantities processed so far, per return line id (returnProcess). */
  readonly processed: Record<string, number>;
}

/** A line of one of the order's fulfilments, as FulfillmentLineItem. */
export interface FakeFulfillmentLine {
  readonly id: string;
  readonly orderId: string;
  readonly lineItemId: string;
  readonly quantity: number;
  readonly grams: number;
}

/** What the returns need of the rest of FakeShopify. */
export interface FakeReturnsHost {
  order(shop: string, id: string): FakeOrder | undefined;
  orderView(order: FakeOrder): unknown;
  now(): number;
}

interface UserError {
  readonly field: string[] | null;
  readonly message: string;
  readonly code: string;
}

interface LineInput {
  readonly fulfillmentLineItemId: string;
  readonly quantity: number;
}

/** The returns' part of a FakeShopify snapshot. */
export interface FakeReturnsState {
  readonly returns: ReadonlyMap<string, ReadonlyMap<string, FakeReturn>>;
  readonly lineIds: ReadonlyMap<string, string>;
  readonly ids: number;
}

/** Shopify's webhook sink: (shop, topic, payload). */
export type FakeWebhookSink = (shop: string, topic: string, payload: unknown) => unknown;

export class FakeReturns {
  /** Where the webhooks go (a test delivers them to the app); none: they are dropped. */
  onWebhook: FakeWebhookSink | undefined;
  /** How Shopify fetches a label's fileUrl (a test routes it to the app). */
  fetchLabel: (url: string) => Promise<Response> = (url) => globalThis.fetch(url);
  readonly #host: FakeReturnsHost;
  readonly #returns = new Map<string, Map<string, FakeReturn>>();
  /** FulfillmentLineItem ids, per fulfilment and fulfillment order line (stable). */
  readonly #lineIds = new Map<string, string>();
  readonly #pending = new Set<Promise<unknown>>();
  #ids = 700_000;

  constructor(host: FakeReturnsHost) {
    this.#host = host;
  }

  /** What the returns hold, for FakeShopify's snapshot (JSON-ready with its replacer). */
  saveState(): FakeReturnsState {
    return { returns: this.#returns, lineIds: this.#lineIds, ids: this.#ids };
  }

  /** Puts back what saveState() answered (none: no returns), replacing the current ones. */
  loadState(saved: FakeReturnsState | undefined): void {
    this.#returns.clear();
    this.#lineIds.clear();
    if (!saved) return;
    for (const [shop, returns] of saved.returns) this.#returns.set(shop, new Map(returns));
    for (const [key, id] of saved.lineIds) this.#lineIds.set(key, id);
    this.#ids = Math.max(this.#ids, saved.ids);
  }

  /** The return by its GID. */
  get(shop: string, id: string): FakeReturn | undefined {
    return this.#shop(shop).get(id);
  }

  /** Every return of the shop's order (by the order's GID). */
  ofOrder(shop: string, orderId: string): readonly FakeReturn[] {
    return [...this.#shop(shop).values()].filter((ret) => ret.orderId === orderId);
  }

  /** Waits until every webhook sent so far has been handed to `onWebhook` and answered. */
  async webhooksSent(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
  }

  /** The lines of the order's fulfilments, as the FulfillmentLineItems a return names. */
  fulfillmentLines(shop: string, orderId: string): FakeFulfillmentLine[] {
    const order = this.#host.order(shop, orderId);
    if (!order) return [];
    const lines: FakeFulfillmentLine[] = [];
    for (const fulfillment of order.fulfillments) {
      for (const line of fulfillment.lineItems) {
        const key = `${fulfillment.id}|${line.id}`;
        let id = this.#lineIds.get(key);
        if (id === undefined) {
          id = `gid://shopify/FulfillmentLineItem/${this.#ids++}`;
          this.#lineIds.set(key, id);
        }
        const foLine = order.fulfillmentOrders
          .flatMap((fo) => fo.lineItems)
          .find((candidate) => candidate.id === line.id);
        lines.push({
          id,
          orderId: order.id,
          lineItemId: foLine?.lineItemId ?? line.id,
          quantity: line.quantity,
          grams: foLine?.grams ?? 0,
        });
      }
    }
    return lines;
  }

  queries(shop: string) {
    return {
      return: ({ id }: { id: string }) => {
        const found = this.get(shop, id);
        return found ? this.#returnView(shop, found) : null;
      },
    };
  }

  mutations(shop: string) {
    return {
      returnCreate: ({
        returnInput,
      }: {
        returnInput: { orderId: string; returnLineItems: LineInput[] };
      }) => this.#create(shop, returnInput.orderId, returnInput.returnLineItems, "OPEN"),
      returnRequest: ({ input }: { input: { orderId: string; returnLineItems: LineInput[] } }) =>
        this.#create(shop, input.orderId, input.returnLineItems, "REQUESTED"),
      returnApproveRequest: ({ input }: { input: { id: string } }) =>
        this.#move(shop, input.id, ["REQUESTED"], "OPEN", "returns/approve"),
      returnDeclineRequest: ({ input }: { input: { id: string } }) =>
        this.#move(shop, input.id, ["REQUESTED"], "DECLINED", "returns/decline"),
      returnCancel: ({ id }: { id: string }) =>
        this.#move(shop, id, ["REQUESTED", "OPEN"], "CANCELED", "returns/cancel"),
      returnClose: ({ id }: { id: string }) =>
        this.#move(shop, id, ["OPEN"], "CLOSED", "returns/close"),
      returnReopen: ({ id }: { id: string }) =>
        this.#move(shop, id, ["CLOSED"], "OPEN", "returns/reopen"),
      returnProcess: ({
        input,
      }: {
        input: { returnId: string; returnLineItems?: { id: string; quantity: number }[] | null };
      }) => this.#process(shop, input.returnId, input.returnLineItems ?? []),
      reverseDeliveryCreateWithShipping: (args: {
        reverseFulfillmentOrderId: string;
        reverseDeliveryLineItems: { reverseFulfillmentOrderLineItemId: string; quantity: number }[];
        labelInput?: { fileUrl: string } | null;
        trackingInput?: { number?: string | null; url?: string | null } | null;
        notifyCustomer?: boolean | null;
      }) => this.#attach(shop, args),
    };
  }

  #shop(shop: string): Map<string, FakeReturn> {
    let returns = this.#returns.get(shop);
    if (!returns) {
      returns = new Map();
      this.#returns.set(shop, returns);
    }
    return returns;
  }

  #now(): string {
    return new Date(this.#host.now()).toISOString();
  }

  #create(shop: string, orderId: string, input: readonly LineInput[], status: FakeReturnStatus) {
    const refuse = (field: string[], message: string, code = "INVALID") => ({
      return: null,
      userErrors: [{ field, message, code }] as UserError[],
    });
    const order = this.#host.order(shop, orderId);
    if (!order) return refuse(["returnInput", "orderId"], "Order does not exist.", "NOT_FOUND");
    if (input.length === 0) {
      return refuse(
        ["returnInput", "returnLineItems"],
        "Return line items can't be blank.",
        "BLANK",
      );
    }
    const fulfilled = this.fulfillmentLines(shop, orderId);
    const returned = new Map<string, number>();
    for (const ret of this.ofOrder(shop, orderId)) {
      if (ret.status === "CANCELED" || ret.status === "DECLINED") continue;
      for (const line of ret.lines) {
        returned.set(
          line.fulfillmentLineItemId,
          (returned.get(line.fulfillmentLineItemId) ?? 0) + line.quantity,
        );
      }
    }
    for (const [index, line] of input.entries()) {
      const field = ["returnInput", "returnLineItems", String(index)];
      const source = fulfilled.find((candidate) => candidate.id === line.fulfillmentLineItemId);
      if (!source)
        return refuse(
          [...field, "fulfillmentLineItemId"],
          "Fulfillment line item does not exist.",
          "NOT_FOUND",
        );
      const left = source.quantity - (returned.get(source.id) ?? 0);
      if (line.quantity < 1 || line.quantity > left) {
        return refuse([...field, "quantity"], `Quantity must be between 1 and ${left}.`, "INVALID");
      }
      returned.set(source.id, (returned.get(source.id) ?? 0) + line.quantity);
    }
    const number = this.ofOrder(shop, orderId).length + 1;
    const ret: FakeReturn = {
      id: `gid://shopify/Return/${this.#ids++}`,
      name: `${order.name}-R${number}`,
      orderId,
      status,
      lines: input.map((line) => ({
        id: `gid://shopify/ReturnLineItem/${this.#ids++}`,
        fulfillmentLineItemId: line.fulfillmentLineItemId,
        quantity: line.quantity,
      })),
      reverseFulfillmentOrders: [],
      createdAt: this.#now(),
      requestApprovedAt: null,
      closedAt: null,
      processed: {},
    };
    this.#shop(shop).set(ret.id, ret);
    if (status === "OPEN") this.#open(ret);
    // A return the merchant creates is approved at once: returns/approve, as an approved request.
    this.#send(
      shop,
      status === "OPEN" ? "returns/approve" : "returns/request",
      this.#payload(shop, ret),
    );
    return { return: this.#returnView(shop, ret), userErrors: [] as UserError[] };
  }

  #open(ret: FakeReturn): void {
    ret.status = "OPEN";
    ret.requestApprovedAt = this.#now();
    ret.reverseFulfillmentOrders.push({
      id: `gid://shopify/ReverseFulfillmentOrder/${this.#ids++}`,
      status: "OPEN",
      lineItems: ret.lines.map((line) => ({
        id: `gid://shopify/ReverseFulfillmentOrderLineItem/${this.#ids++}`,
        fulfillmentLineItemId: line.fulfillmentLineItemId,
        totalQuantity: line.quantity,
      })),
      deliveries: [],
    });
  }

  #move(
    shop: string,
    id: string,
    from: readonly FakeReturnStatus[],
    to: FakeReturnStatus,
    topic: string,
  ) {
    const ret = this.get(shop, id);
    if (!ret) {
      return {
        return: null,
        userErrors: [{ field: ["id"], message: "Return does not exist.", code: "NOT_FOUND" }],
      };
    }
    if (!from.includes(ret.status)) {
      return {
        return: null,
        userErrors: [
          {
            field: ["id"],
            message: `Return is ${ret.status.toLowerCase()} and cannot be ${to.toLowerCase()}.`,
            code: "INVALID_STATE",
          },
        ],
      };
    }
    if (to === "OPEN" && ret.status === "CLOSED") this.#reopen(ret);
    else if (to === "OPEN") this.#open(ret);
    else if (to === "CLOSED") this.#close(ret);
    else {
      ret.status = to;
      if (to === "CANCELED")
        for (const rfo of ret.reverseFulfillmentOrders) rfo.status = "CANCELED";
    }
    this.#send(shop, topic, this.#payload(shop, ret));
    return { return: this.#returnView(shop, ret), userErrors: [] as UserError[] };
  }

  /** Closed: its open reverse fulfillment orders close with it. */
  #close(ret: FakeReturn): void {
    ret.status = "CLOSED";
    ret.closedAt = this.#now();
    for (const rfo of ret.reverseFulfillmentOrders)
      if (rfo.status === "OPEN") rfo.status = "CLOSED";
  }

  /** Reopened: open again, with the reverse fulfillment orders it had. */
  #reopen(ret: FakeReturn): void {
    ret.status = "OPEN";
    ret.closedAt = null;
    for (const rfo of ret.reverseFulfillmentOrders)
      if (rfo.status === "CLOSED") rfo.status = "OPEN";
  }

  /**
   * returnProcess: the lines' quantities are processed (refunded, restocked);
   * once every line is processed whole, the return is closed. Sends
   * returns/process.
   */
  #process(shop: string, id: string, lines: readonly { id: string; quantity: number }[]) {
    const refuse = (field: string[], message: string, code = "INVALID") => ({
      return: null,
      userErrors: [{ field, message, code }] as UserError[],
    });
    const ret = this.get(shop, id);
    if (!ret) return refuse(["input", "returnId"], "Return does not exist.", "NOT_FOUND");
    if (ret.status !== "OPEN") {
      return refuse(
        ["input", "returnId"],
        `Return is ${ret.status.toLowerCase()} and cannot be processed.`,
        "INVALID_STATE",
      );
    }
    for (const [index, line] of lines.entries()) {
      const source = ret.lines.find((candidate) => candidate.id === line.id);
      const field = ["input", "returnLineItems", String(index)];
      if (!source) return refuse([...field, "id"], "Return line item does not exist.", "NOT_FOUND");
      const left = source.quantity - (ret.processed[source.id] ?? 0);
      if (line.quantity < 1 || line.quantity > left) {
        return refuse([...field, "quantity"], `Quantity must be between 1 and ${left}.`);
      }
    }
    for (const line of lines)
      ret.processed[line.id] = (ret.processed[line.id] ?? 0) + line.quantity;
    if (ret.lines.every((line) => (ret.processed[line.id] ?? 0) >= line.quantity)) this.#close(ret);
    this.#send(shop, "returns/process", this.#payload(shop, ret));
    return { return: this.#returnView(shop, ret), userErrors: [] as UserError[] };
  }

  async #attach(
    shop: string,
    args: {
      reverseFulfillmentOrderId: string;
      reverseDeliveryLineItems: { reverseFulfillmentOrderLineItemId: string; quantity: number }[];
      labelInput?: { fileUrl: string } | null;
      trackingInput?: { number?: string | null; url?: string | null } | null;
      notifyCustomer?: boolean | null;
    },
  ) {
    const refuse = (field: string[], message: string, code = "INVALID") => ({
      reverseDelivery: null,
      userErrors: [{ field, message, code }] as UserError[],
    });
    const found = [...this.#shop(shop).values()]
      .flatMap((ret) => ret.reverseFulfillmentOrders.map((rfo) => ({ ret, rfo })))
      .find(({ rfo }) => rfo.id === args.reverseFulfillmentOrderId);
    if (!found)
      return refuse(
        ["reverseFulfillmentOrderId"],
        "Reverse fulfillment order does not exist.",
        "NOT_FOUND",
      );
    const { ret, rfo } = found;
    if (rfo.status !== "OPEN") {
      return refuse(
        ["reverseFulfillmentOrderId"],
        `Reverse fulfillment order is ${rfo.status.toLowerCase()}.`,
        "INVALID_STATE",
      );
    }
    if (args.reverseDeliveryLineItems.length === 0) {
      return refuse(
        ["reverseDeliveryLineItems"],
        "Reverse delivery line items can't be blank.",
        "BLANK",
      );
    }
    for (const [index, line] of args.reverseDeliveryLineItems.entries()) {
      const field = ["reverseDeliveryLineItems", String(index)];
      const target = rfo.lineItems.find(
        (candidate) => candidate.id === line.reverseFulfillmentOrderLineItemId,
      );
      if (!target)
        return refuse(
          [...field, "reverseFulfillmentOrderLineItemId"],
          "Line item does not exist.",
          "NOT_FOUND",
        );
      const delivered = rfo.deliveries
        .flatMap((delivery) => delivery.lines)
        .filter((candidate) => candidate.lineId === target.id)
        .reduce((sum, candidate) => sum + candidate.quantity, 0);
      if (line.quantity < 1 || line.quantity > target.totalQuantity - delivered) {
        return refuse(
          [...field, "quantity"],
          "Quantity is more than remains to be delivered.",
          "INVALID",
        );
      }
    }
    let label: FakeReverseDelivery["label"] = null;
    if (args.labelInput) {
      const fetched = await this.#fetchLabel(args.labelInput.fileUrl);
      if (!fetched)
        return refuse(["labelInput", "fileUrl"], "Label file could not be downloaded.", "INVALID");
      const id = this.#ids++;
      label = {
        fileUrl: args.labelInput.fileUrl,
        publicFileUrl: `https://cdn.shopify.com/s/files/returns/labels/${id}.pdf`,
        contentType: fetched.contentType,
        bytes: fetched.bytes,
        createdAt: this.#now(),
      };
    }
    const delivery: FakeReverseDelivery = {
      id: `gid://shopify/ReverseDelivery/${this.#ids++}`,
      lines: args.reverseDeliveryLineItems.map((line) => ({
        lineId: line.reverseFulfillmentOrderLineItemId,
        quantity: line.quantity,
      })),
      label,
      tracking: args.trackingInput
        ? { number: args.trackingInput.number ?? null, url: args.trackingInput.url ?? null }
        : null,
      notifyCustomer: args.notifyCustomer ?? true,
    };
    rfo.deliveries.push(delivery);
    this.#send(shop, "reverse_deliveries/attach_deliverable", {
      id: legacyId(delivery.id),
      admin_graphql_api_id: delivery.id,
      return: { id: legacyId(ret.id), admin_graphql_api_id: ret.id },
      shipping_deliverable: {
        tracking: delivery.tracking,
        label: label ? { public_file_url: label.publicFileUrl, created_at: label.createdAt } : null,
      },
    });
    return {
      reverseDelivery: this.#deliveryView(shop, ret, rfo, delivery),
      userErrors: [] as UserError[],
    };
  }

  /** The label as Shopify downloads it: an answer 200 with a PDF or an image. */
  async #fetchLabel(url: string): Promise<{ bytes: Uint8Array; contentType: string } | undefined> {
    try {
      const response = await this.fetchLabel(url);
      const contentType = response.headers.get("content-type") ?? "";
      if (!response.ok || !/^(application\/pdf|image\/)/.test(contentType)) return undefined;
      return { bytes: new Uint8Array(await response.arrayBuffer()), contentType };
    } catch {
      return undefined;
    }
  }

  #send(shop: string, topic: string, payload: unknown): void {
    const sink = this.onWebhook;
    if (!sink) return;
    // After the mutation has answered, as Shopify's webhooks arrive.
    const sent: Promise<unknown> = new Promise((resolve) => setTimeout(resolve, 0)).then(() =>
      sink(shop, topic, payload),
    );
    const settled = sent.catch(() => undefined).finally(() => this.#pending.delete(settled));
    this.#pending.add(settled);
  }

  /** The webhook body of a return, in the REST shape Shopify's returns/* webhooks carry. */
  #payload(shop: string, ret: FakeReturn) {
    const lines = this.fulfillmentLines(shop, ret.orderId);
    return {
      id: legacyId(ret.id),
      admin_graphql_api_id: ret.id,
      name: ret.name,
      status: ret.status.toLowerCase(),
      order: { id: legacyId(ret.orderId), admin_graphql_api_id: ret.orderId },
      total_return_line_items: ret.lines.length,
      return_line_items: ret.lines.map((line) => ({
        id: legacyId(line.id),
        admin_graphql_api_id: line.id,
        quantity: line.quantity,
        fulfillment_line_item: {
          id: legacyId(line.fulfillmentLineItemId),
          admin_graphql_api_id: line.fulfillmentLineItemId,
          line_item: {
            id: legacyId(lines.find((l) => l.id === line.fulfillmentLineItemId)?.lineItemId ?? ""),
          },
        },
      })),
    };
  }

  #fulfillmentLineView(shop: string, orderId: string, id: string) {
    const line = this.fulfillmentLines(shop, orderId).find((candidate) => candidate.id === id);
    const order = this.#host.order(shop, orderId);
    const item = order?.details?.line_items?.find(
      (candidate) =>
        `gid://shopify/LineItem/${candidate.id}` === line?.lineItemId ||
        String(candidate.id) === line?.lineItemId,
    );
    return {
      id,
      quantity: line?.quantity ?? 0,
      lineItem: {
        id: line?.lineItemId ?? "",
        name: item?.name ?? item?.title ?? "",
        title: item?.title ?? item?.name ?? "",
        sku: item?.sku ?? null,
        quantity: item?.quantity ?? 0,
      },
    };
  }

  #returnView(shop: string, ret: FakeReturn) {
    const order = this.#host.order(shop, ret.orderId);
    return {
      id: ret.id,
      name: ret.name,
      status: ret.status,
      createdAt: ret.createdAt,
      closedAt: ret.closedAt,
      requestApprovedAt: ret.requestApprovedAt,
      totalQuantity: ret.lines.reduce((sum, line) => sum + line.quantity, 0),
      order: order ? this.#host.orderView(order) : null,
      returnLineItems: ({ first, after }: { first?: number; after?: string | null }) =>
        page(first, ret.lines, after, (line) => {
          const source = this.fulfillmentLines(shop, ret.orderId).find(
            (candidate) => candidate.id === line.fulfillmentLineItemId,
          );
          return {
            __typename: "ReturnLineItem",
            id: line.id,
            quantity: line.quantity,
            customerNote: null,
            returnReasonNote: "",
            fulfillmentLineItem: this.#fulfillmentLineView(
              shop,
              ret.orderId,
              line.fulfillmentLineItemId,
            ),
            totalWeight: { unit: "GRAMS", value: (source?.grams ?? 0) * line.quantity },
          };
        }),
      reverseFulfillmentOrders: ({ first, after }: { first?: number; after?: string | null }) =>
        page(first, ret.reverseFulfillmentOrders, after, (rfo) => this.#rfoView(shop, ret, rfo)),
    };
  }

  #rfoView(shop: string, ret: FakeReturn, rfo: FakeReverseFulfillmentOrder) {
    return {
      id: rfo.id,
      status: rfo.status,
      lineItems: ({ first, after }: { first?: number; after?: string | null }) =>
        page(first, rfo.lineItems, after, (line) => ({
          id: line.id,
          totalQuantity: line.totalQuantity,
          dispositions: [],
          fulfillmentLineItem: this.#fulfillmentLineView(
            shop,
            ret.orderId,
            line.fulfillmentLineItemId,
          ),
        })),
      reverseDeliveries: ({ first, after }: { first?: number; after?: string | null }) =>
        page(first, rfo.deliveries, after, (delivery) =>
          this.#deliveryView(shop, ret, rfo, delivery),
        ),
    };
  }

  #deliveryView(
    shop: string,
    ret: FakeReturn,
    rfo: FakeReverseFulfillmentOrder,
    delivery: FakeReverseDelivery,
  ) {
    return {
      id: delivery.id,
      deliverable: {
        __typename: "ReverseDeliveryShippingDeliverable",
        label: delivery.label
          ? {
              createdAt: delivery.label.createdAt,
              updatedAt: delivery.label.createdAt,
              publicFileUrl: delivery.label.publicFileUrl,
            }
          : null,
        tracking: delivery.tracking
          ? { number: delivery.tracking.number, url: delivery.tracking.url, carrierName: null }
          : null,
      },
      reverseDeliveryLineItems: ({ first, after }: { first?: number; after?: string | null }) =>
        page(first, delivery.lines, after, (line) => ({
          id: `${delivery.id}/${line.lineId}`,
          quantity: line.quantity,
          dispositions: [],
        })),
      reverseFulfillmentOrder: () => this.#rfoView(shop, ret, rfo),
    };
  }
}

/** The numeric id at the end of a GID, as REST bodies carry it. */
function legacyId(gid: string): number | string {
  const tail = gid.slice(gid.lastIndexOf("/") + 1);
  return /^\d+$/.test(tail) ? Number(tail) : tail;
}

/** A connection's page after the cursor `after`, as Shopify answers it. */
function page<T, U>(
  first: number | undefined,
  items: readonly T[],
  after: string | null | undefined,
  shape: (item: T) => U,
) {
  const start = after ? Number(after) : 0;
  const taken = items.slice(start, start + (first ?? items.length));
  const end = start + taken.length;
  return {
    nodes: taken.map(shape),
    pageInfo: {
      hasNextPage: end < items.length,
      hasPreviousPage: start > 0,
      startCursor: taken.length > 0 ? String(start) : null,
      endCursor: taken.length > 0 ? String(end) : null,
    },
  };
}
