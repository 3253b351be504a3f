// A local stand-in for Shopify's side of an app, for tests that must not
// reach Shopify: the Admin GraphQL API of each shop (every request checked
// against the real Admin schema and the token's access scopes, then run
// against orders and fulfillment orders kept in memory) and the OAuth token
// endpoint (authorization code, token exchange and refresh of expiring
// offline tokens, each refresh token usable once). `fetch` answers requests
// to `*.myshopify.com` and passes every other request to the real fetch.
import { randomBytes } from "node:crypto";
import { execute } from "graphql";
import type { ShopifyOrder } from "../mapping/shopify-order.ts";
import { ADMIN_API_VERSION, type AdminSchema, loadAdminSchema } from "./admin-schema.ts";
import { fulfillmentOrderMutations } from "./fake-fulfillment-orders.ts";
import { FakeReturns, type FakeReturnsState } from "./fake-returns.ts";
import { readFakeShopifyState, writeFakeShopifyState } from "./fake-shopify-state.ts";
import { verifySessionToken } from "./session-token.ts";
import { checkAdminRequest } from "./validate-admin-request.ts";

export interface FakeTrackingInfo {
  readonly company: string | null;
  readonly number: string | null;
  readonly url: string | null;
}

/** A delivery event on a fulfilment (fulfillmentEventCreate), as Shopify keeps it. */
export interface FakeFulfillmentEvent {
  readonly id: string;
  /** FulfillmentEventStatus: IN_TRANSIT, OUT_FOR_DELIVERY, DELIVERED, ... */
  readonly status: string;
  readonly happenedAt: string | null;
  readonly message: string | null;
  readonly city: string | null;
}

export interface FakeFulfillment {
  readonly id: string;
  readonly status: "SUCCESS";
  trackingInfo: FakeTrackingInfo[];
  /** Its delivery events, oldest first. */
  readonly events: FakeFulfillmentEvent[];
  readonly lineItems: readonly { readonly id: string; readonly quantity: number }[];
  readonly notifyCustomer: boolean;
}

/** A hold on a fulfillment order (fulfillmentOrderHold), until it is released. */
export interface FakeFulfillmentHold {
  readonly id: string;
  readonly reason: string;
  readonly reasonNotes: string | null;
  readonly handle: string;
}

export interface FakeFulfillmentOrder {
  readonly id: string;
  status: "OPEN" | "IN_PROGRESS" | "ON_HOLD" | "CLOSED" | "CANCELLED";
  /** The location it ships from (absent: the shop's one location, DEFAULT_LOCATION). */
  location?: FakeLocation;
  /** Its holds (ON_HOLD while it has any). */
  holds?: FakeFulfillmentHold[];
  /** Its fulfillment request's status (absent: UNSUBMITTED, as a merchant-managed one's). */
  requestStatus?: "UNSUBMITTED" | "SUBMITTED" | "CANCELLATION_REQUESTED";
  /** Whether some of it was fulfilled (a released or moved one is then IN_PROGRESS, not OPEN). */
  progressed?: boolean;
  readonly deliveryMethod: { readonly methodType: string; readonly serviceCode: string | null };
  readonly lineItems: {
    readonly id: string;
    remainingQuantity: number;
    /** The order's line item this line fulfils, and one unit's weight in grams. */
    readonly lineItemId?: string;
    readonly grams?: number;
  }[];
}

export interface FakeLocation {
  readonly id: string;
  readonly name: string;
  /** Its address, as the merchant entered it in Shopify (absent: none entered). */
  readonly address?: {
    readonly address1: string;
    readonly address2?: string;
    readonly city: string;
    readonly zip: string;
    readonly countryCode: string;
    readonly province?: string;
  };
}

/** The location a shop's fulfillment orders are assigned to unless moved. */
export const DEFAULT_LOCATION: FakeLocation = {
  id: "gid://shopify/Location/1",
  name: "Shop location",
};

export interface FakeOrder {
  readonly id: string;
  readonly name: string;
  cancelledAt: string | null;
  /** The order as the shop holds it (addresses, lines, payment), answered by `order(id:)`. */
  details?: ShopifyOrder;
  readonly fulfillmentOrders: FakeFulfillmentOrder[];
  readonly fulfillments: FakeFulfillment[];
}

export interface FakeCarrierService {
  readonly id: string;
  readonly name: string;
  readonly callbackUrl: string;
  readonly active: boolean;
}

interface Token {
  readonly shop: string;
  readonly scopes: readonly string[];
  /** Expiry in ms since the epoch, by the fake's clock. */
  readonly expiresAt: number | undefined;
}

interface Shop {
  scopes: readonly string[];
  readonly orders: Map<string, FakeOrder>;
  /** Locations besides DEFAULT_LOCATION that fulfillment orders can move to. */
  locations?: Map<string, FakeLocation>;
  readonly carrierServices: FakeCarrierService[];
  readonly codes: Set<string>;
}

export interface FakeShopifyOptions {
  readonly apiKey: string;
  readonly apiSecretKey: string;
  /** The Admin API version whose schema is enforced. */
  readonly apiVersion?: string;
  /** Lifetime of expiring offline access tokens, seconds. Default 3600, as Shopify. */
  readonly accessTokenLifetimeSeconds?: number;
  /** The fake's clock for token expiry. Default Date.now. */
  readonly now?: () => number;
}

/** One call the fake answered, for assertions. */
export interface FakeShopifyCall {
  readonly shop: string;
  readonly kind: "graphql" | "token";
  /** The GraphQL operation's name, or the token grant. */
  readonly name: string;
  readonly status: number;
}

const SHOP_HOST = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;
const REFRESH_LIFETIME_SECONDS = 90 * 24 * 3600;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}

function secret(prefix: string): string {
  return `${prefix}_${randomBytes(16).toString("hex")}`;
}

export class FakeShopify {
  readonly apiKey: string;
  readonly apiVersion: string;
  readonly calls: FakeShopifyCall[] = [];
  readonly #secret: string;
  readonly #schema: AdminSchema;
  #lifetime: number;
  readonly #now: () => number;
  readonly #shops = new Map<string, Shop>();
  readonly #tokens = new Map<string, Token>();
  readonly #refreshTokens = new Map<string, { shop: string; scopes: readonly string[] }>();
  #ids = 1000;
  readonly #faults: { operation: string; after: boolean; remaining: number }[] = [];
  readonly #holds: { name: string; arrived: () => void; released: Promise<void> }[] = [];
  /** Returns, reverse fulfillment orders and reverse deliveries (fake-returns.ts). */
  readonly returns: FakeReturns;

  constructor(options: FakeShopifyOptions) {
    this.apiKey = options.apiKey;
    this.#secret = options.apiSecretKey;
    this.apiVersion = options.apiVersion ?? ADMIN_API_VERSION;
    this.#schema = loadAdminSchema(this.apiVersion);
    this.#lifetime = options.accessTokenLifetimeSeconds ?? 3600;
    this.#now = options.now ?? Date.now;
    this.returns = new FakeReturns({
      order: (shop, id) => this.order(shop, id),
      orderView: (order) => this.#orderView(order),
      now: () => this.#now(),
    });
  }

  /**
   * Adds a shop that installs the app with `scopes`. A shop installing it
   * again keeps its orders (and their fulfillment orders) and locations, as
   * a Shopify store does; what was the app's (carrier services) is gone.
   */
  addShop(shop: string, scopes: readonly string[]): void {
    if (!SHOP_HOST.test(shop)) throw new TypeError(`not a shop domain: ${shop}`);
    const before = this.#shops.get(shop);
    this.#shops.set(shop, {
      scopes,
      orders: before?.orders ?? new Map(),
      ...(before?.locations ? { locations: before.locations } : {}),
      carrierServices: [],
      codes: new Set(),
    });
  }

  /** Sets the scopes the shop grants from now on (tokens already issued keep theirs). */
  setScopes(shop: string, scopes: readonly string[]): void {
    this.#shop(shop).scopes = scopes;
  }

  /**
   * Makes the next `count` calls of a GraphQL operation (by its name) fail
   * with a 503: before running it, or, with `after`, after running it (the
   * answer is lost, the change is made), as a crash or a network cut would.
   */
  failNext(operation: string, options: { count?: number; after?: boolean } = {}): void {
    this.#faults.push({ operation, after: options.after ?? false, remaining: options.count ?? 1 });
  }

  /**
   * Holds the next call of a GraphQL operation (by its name) or of a token
   * grant (`refresh_token`, `authorization_code`) until `release()`, as a slow
   * network would: `reached` resolves once the call has arrived. For tests of
   * what happens meanwhile.
   */
  holdNext(name: string): { readonly reached: Promise<void>; release(): void } {
    let arrived = () => {};
    let release = () => {};
    const reached = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.#holds.push({ name, arrived, released });
    return { reached, release };
  }

  async #held(name: string): Promise<void> {
    const index = this.#holds.findIndex((hold) => hold.name === name);
    if (index < 0) return;
    const [hold] = this.#holds.splice(index, 1);
    hold?.arrived();
    await hold?.released;
  }

  /** Lifetime of the access tokens issued from now on, seconds. */
  setAccessTokenLifetime(seconds: number): void {
    this.#lifetime = seconds;
  }

  /** The merchant approves the install: an authorization code for auth.callback. */
  approveInstall(shop: string): string {
    const code = secret("code");
    this.#shop(shop).codes.add(code);
    return code;
  }

  /** An access token the shop issued directly (as if installed earlier). */
  issueAccessToken(shop: string): string {
    return this.#issue(shop, this.#shop(shop).scopes).access_token;
  }

  /**
   * Adds an order as Shopify would create it from a webhook payload: one open
   * fulfillment order with a line per line item that needs shipping, or,
   * with `fulfillmentOrders`, one per group of its line items (by id), each
   * at its location (the order ships from two warehouses, say).
   */
  addOrder(
    shop: string,
    order: ShopifyOrder,
    options: {
      readonly fulfillmentOrders?: readonly {
        readonly lineItemIds: readonly (number | string)[];
        readonly location?: FakeLocation;
        readonly methodType?: string;
      }[];
    } = {},
  ): FakeOrder {
    const id = order.admin_graphql_api_id ?? `gid://shopify/Order/${order.id}`;
    const code = order.shipping_lines?.[0]?.code ?? null;
    const shipped = (order.line_items ?? []).filter((item) => item.requires_shipping !== false);
    const groups = options.fulfillmentOrders ?? [
      { lineItemIds: shipped.map((item) => item.id ?? "") },
    ];
    const fake: FakeOrder = {
      id,
      name: order.name ?? `#${order.id}`,
      cancelledAt: order.cancelled_at ?? null,
      details: order,
      fulfillments: [],
      fulfillmentOrders: groups.map((group) => {
        if (group.location) this.addLocation(shop, group.location);
        return {
          id: `gid://shopify/FulfillmentOrder/${this.#ids++}`,
          status: "OPEN",
          ...(group.location ? { location: group.location } : {}),
          deliveryMethod: { methodType: group.methodType ?? "SHIPPING", serviceCode: code },
          holds: [],
          lineItems: shipped
            .filter((item) => group.lineItemIds.map(String).includes(String(item.id ?? "")))
            .map((item) => ({
              id: `gid://shopify/FulfillmentOrderLineItem/${this.#ids++}`,
              remainingQuantity: item.current_quantity ?? item.quantity ?? 0,
              lineItemId: lineItemGid(item.id),
              grams: item.grams ?? 0,
            })),
        };
      }),
    };
    this.#shop(shop).orders.set(id, fake);
    return fake;
  }

  /** A location of the shop that fulfillment orders can be moved to (fulfillmentOrderMove). */
  addLocation(shop: string, location: FakeLocation): void {
    const state = this.#shop(shop);
    state.locations ??= new Map();
    state.locations.set(location.id, location);
  }

  /**
   * The merchant (or the customer) changes an order in Shopify: its details
   * become `order`'s (its fulfilment orders and fulfilments stay); a
   * `cancelled_at` in it cancels the order. Answers the order.
   */
  updateOrder(shop: string, order: ShopifyOrder): FakeOrder {
    const id = order.admin_graphql_api_id ?? `gid://shopify/Order/${order.id}`;
    const fake = this.order(shop, id);
    if (!fake) throw new TypeError(`unknown order ${id} of ${shop}`);
    fake.details = order;
    if (order.cancelled_at) fake.cancelledAt = order.cancelled_at;
    return fake;
  }

  /**
   * Moves the order's lines `lineItemIds` (its line items' GIDs) to a new
   * open fulfillment order assigned to `location`, as Shopify does when the
   * merchant (or its order routing) ships them from another location.
   */
  moveToLocation(
    shop: string,
    orderId: string,
    lineItemIds: readonly string[],
    location: FakeLocation,
  ): FakeFulfillmentOrder {
    const order = this.order(shop, orderId);
    if (!order) throw new TypeError(`unknown order ${orderId} of ${shop}`);
    const moved: FakeFulfillmentOrder["lineItems"] = [];
    for (const fulfillmentOrder of order.fulfillmentOrders) {
      if (fulfillmentOrder.status !== "OPEN") continue;
      for (const line of fulfillmentOrder.lineItems) {
        if (!lineItemIds.includes(line.lineItemId ?? "") || line.remainingQuantity === 0) continue;
        moved.push({ ...line, id: `gid://shopify/FulfillmentOrderLineItem/${this.#ids++}` });
        line.remainingQuantity = 0;
      }
      if (fulfillmentOrder.lineItems.every((line) => line.remainingQuantity === 0)) {
        fulfillmentOrder.status = "CLOSED";
      }
    }
    const target: FakeFulfillmentOrder = {
      id: `gid://shopify/FulfillmentOrder/${this.#ids++}`,
      status: "OPEN",
      location,
      deliveryMethod: order.fulfillmentOrders[0]?.deliveryMethod ?? {
        methodType: "SHIPPING",
        serviceCode: null,
      },
      lineItems: moved,
    };
    order.fulfillmentOrders.push(target);
    return target;
  }

  order(shop: string, id: string): FakeOrder | undefined {
    return this.#shop(shop).orders.get(id);
  }

  /** Everything the fake holds, as JSON text (a simulated store that survives a restart). */
  snapshot(): string {
    const { shops, tokens, refreshTokens } = this.#state();
    return writeFakeShopifyState({
      shops,
      tokens,
      refreshTokens,
      ids: this.#ids,
      returns: this.returns.saveState(),
    });
  }

  /** Puts back what `snapshot()` answered, replacing the current state. */
  restore(snapshot: string): void {
    const saved = readFakeShopifyState(snapshot, this.#state());
    this.#ids = saved.ids;
    this.returns.loadState(saved.returns as FakeReturnsState | undefined);
  }

  #state() {
    return { shops: this.#shops, tokens: this.#tokens, refreshTokens: this.#refreshTokens };
  }

  /**
   * The delivery events of the order's fulfilments, oldest first; the order
   * by its GID or its numeric id.
   */
  fulfillmentEvents(shop: string, orderId: string | number): readonly FakeFulfillmentEvent[] {
    const id = String(orderId).startsWith("gid://")
      ? String(orderId)
      : `gid://shopify/Order/${orderId}`;
    return (this.order(shop, id)?.fulfillments ?? []).flatMap((fulfillment) => fulfillment.events);
  }

  carrierServices(shop: string): readonly FakeCarrierService[] {
    return this.#shop(shop).carrierServices;
  }

  /** Answers Shopify's hosts; anything else goes to the real fetch. */
  readonly fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (!SHOP_HOST.test(url.hostname)) return globalThis.fetch(request);
    const shop = url.hostname;
    if (request.method === "POST" && url.pathname === "/admin/oauth/access_token") {
      return this.#token(shop, request);
    }
    if (
      request.method === "POST" &&
      url.pathname === `/admin/api/${this.apiVersion}/graphql.json`
    ) {
      return this.#graphql(shop, request);
    }
    return json({ errors: "Not Found" }, 404);
  };

  #shop(shop: string): Shop {
    const found = this.#shops.get(shop);
    if (!found) throw new TypeError(`unknown shop: ${shop}`);
    return found;
  }

  #issue(shop: string, scopes: readonly string[]) {
    const accessToken = secret("shpat");
    const refreshToken = secret("shprt");
    this.#tokens.set(accessToken, {
      shop,
      scopes,
      expiresAt: this.#now() + this.#lifetime * 1000,
    });
    this.#refreshTokens.set(refreshToken, { shop, scopes });
    return {
      access_token: accessToken,
      scope: scopes.join(","),
      expires_in: this.#lifetime,
      refresh_token: refreshToken,
      refresh_token_expires_in: REFRESH_LIFETIME_SECONDS,
    };
  }

  async #token(shop: string, request: Request): Promise<Response> {
    const body = (await request.json().catch(() => ({}))) as Record<string, string | undefined>;
    const grant = body.grant_type ?? "authorization_code";
    await this.#held(grant);
    const answer = (response: Response) => {
      this.calls.push({ shop, kind: "token", name: grant, status: response.status });
      return response;
    };
    const known = this.#shops.get(shop);
    if (!known || body.client_id !== this.apiKey || body.client_secret !== this.#secret) {
      return answer(json({ error: "invalid_client" }, 401));
    }
    if (grant === "refresh_token") {
      const entry = body.refresh_token ? this.#refreshTokens.get(body.refresh_token) : undefined;
      // Single use: a second refresh with the same token is refused.
      if (!entry || entry.shop !== shop) return answer(json({ error: "invalid_grant" }, 400));
      this.#refreshTokens.delete(body.refresh_token as string);
      return answer(json(this.#issue(shop, entry.scopes)));
    }
    if (grant === "urn:ietf:params:oauth:grant-type:token-exchange") {
      const valid = verifySessionToken(body.subject_token ?? "", {
        apiKey: this.apiKey,
        apiSecretKey: this.#secret,
        shop,
        now: this.#now,
      });
      if (!valid) return answer(json({ error: "invalid_subject_token" }, 400));
      if (body.expiring !== "1") return answer(json({ error: "expiring_required" }, 400));
      return answer(json(this.#issue(shop, known.scopes)));
    }
    if (!body.code || !known.codes.delete(body.code)) {
      return answer(json({ error: "invalid_request", error_description: "bad code" }, 400));
    }
    if (body.expiring !== "1") return answer(json({ error: "expiring_required" }, 400));
    return answer(json(this.#issue(shop, known.scopes)));
  }

  async #graphql(shop: string, request: Request): Promise<Response> {
    const token = this.#tokens.get(request.headers.get("x-shopify-access-token") ?? "");
    const body = (await request.json().catch(() => ({}))) as {
      query?: string;
      variables?: Record<string, unknown>;
      operationName?: string;
    };
    const record = (name: string, response: Response) => {
      this.calls.push({ shop, kind: "graphql", name, status: response.status });
      return response;
    };
    if (!token || token.shop !== shop || (token.expiresAt ?? Infinity) <= this.#now()) {
      return record(
        "unauthorized",
        json(
          {
            errors: "[API] Invalid API key or access token (unrecognized login or wrong password)",
          },
          401,
        ),
      );
    }
    const check = checkAdminRequest(
      this.#schema,
      { query: body.query ?? "", variables: body.variables, operationName: body.operationName },
      token.scopes,
    );
    if (!check.ok) {
      return record("invalid", json({ errors: check.errors.map((error) => error.toJSON()) }));
    }
    const name = check.operation.name?.value ?? "anonymous";
    await this.#held(name);
    const fault = this.#faults.find(
      (candidate) => candidate.operation === name && candidate.remaining > 0,
    );
    if (fault) fault.remaining -= 1;
    const unavailable = () => record(name, json({ errors: "Service Unavailable" }, 503));
    if (fault && !fault.after) return unavailable();
    const result = await execute({
      schema: this.#schema.schema,
      document: check.document,
      operationName: check.operation.name?.value,
      variableValues: check.variables,
      rootValue:
        check.operation.operation === "mutation" ? this.#mutations(shop) : this.#queries(shop),
    });
    if (fault?.after) return unavailable();
    return record(name, json(result));
  }

  #queries(shop: string) {
    const orders = this.#shop(shop).orders;
    return {
      ...this.returns.queries(shop),
      order: ({ id }: { id: string }) => {
        const order = orders.get(id);
        return order ? this.#orderView(order) : null;
      },
      fulfillmentOrder: ({ id }: { id: string }) => {
        for (const order of orders.values()) {
          const found = order.fulfillmentOrders.find(
            (fulfillmentOrder) => fulfillmentOrder.id === id,
          );
          if (found) return this.#fulfillmentOrderView(found, order);
        }
        return null;
      },
    };
  }

  #orderView(order: FakeOrder) {
    return {
      ...detailsView(order),
      id: order.id,
      name: order.name,
      cancelledAt: order.cancelledAt,
      fulfillments: ({ first }: { first?: number }) =>
        order.fulfillments
          .slice(0, first ?? order.fulfillments.length)
          .map((fulfillment) => this.#fulfillmentView(fulfillment)),
      fulfillmentOrders: ({ first }: { first?: number }) =>
        page(first, order.fulfillmentOrders).map((fulfillmentOrder) =>
          this.#fulfillmentOrderView(fulfillmentOrder, order),
        ),
    };
  }

  #fulfillmentOrderView(fulfillmentOrder: FakeFulfillmentOrder, order: FakeOrder) {
    const active = fulfillmentOrder.status === "OPEN" || fulfillmentOrder.status === "IN_PROGRESS";
    return {
      id: fulfillmentOrder.id,
      orderId: order.id,
      orderName: order.name,
      status: fulfillmentOrder.status,
      requestStatus: fulfillmentOrder.requestStatus ?? "UNSUBMITTED",
      supportedActions: active
        ? [
            { action: "CREATE_FULFILLMENT" },
            { action: "HOLD" },
            { action: "MOVE" },
            { action: "SPLIT" },
          ]
        : fulfillmentOrder.status === "ON_HOLD"
          ? [{ action: "RELEASE_HOLD" }, { action: "HOLD" }]
          : [],
      fulfillmentHolds: (fulfillmentOrder.holds ?? []).map((hold) => ({
        ...hold,
        displayReason: hold.reason,
        heldByRequestingApp: true,
      })),
      deliveryMethod: fulfillmentOrder.deliveryMethod,
      assignedLocation: {
        name: (fulfillmentOrder.location ?? DEFAULT_LOCATION).name,
        address1: fulfillmentOrder.location?.address?.address1 ?? null,
        address2: fulfillmentOrder.location?.address?.address2 ?? null,
        city: fulfillmentOrder.location?.address?.city ?? null,
        zip: fulfillmentOrder.location?.address?.zip ?? null,
        countryCode: fulfillmentOrder.location?.address?.countryCode ?? "PL",
        province: fulfillmentOrder.location?.address?.province ?? null,
        location: fulfillmentOrder.location ?? DEFAULT_LOCATION,
      },
      lineItems: ({ first, after }: { first?: number; after?: string | null }) =>
        page(first, fulfillmentOrder.lineItems, after).map((line) => ({
          ...line,
          lineItem: { id: line.lineItemId ?? line.id },
          weight: { unit: "GRAMS", value: line.grams ?? 0 },
        })),
    };
  }

  #fulfillmentView(fulfillment: FakeFulfillment) {
    return {
      id: fulfillment.id,
      status: fulfillment.status,
      trackingInfo: () => fulfillment.trackingInfo,
    };
  }

  #mutations(shop: string) {
    const state = this.#shop(shop);
    const owner = (id: string) => {
      for (const order of state.orders.values()) {
        const fulfillmentOrder = order.fulfillmentOrders.find((fo) => fo.id === id);
        if (fulfillmentOrder) return { order, fulfillmentOrder };
      }
      return undefined;
    };
    return {
      ...this.returns.mutations(shop),
      ...fulfillmentOrderMutations({
        find: owner,
        location: (id) =>
          id === DEFAULT_LOCATION.id ? DEFAULT_LOCATION : state.locations?.get(id),
        nextId: (type) => `gid://shopify/${type}/${this.#ids++}`,
        view: (fulfillmentOrder) => {
          const found = owner(fulfillmentOrder.id);
          return found ? this.#fulfillmentOrderView(fulfillmentOrder, found.order) : null;
        },
      }),
      fulfillmentCreate: ({ fulfillment }: { fulfillment: FulfillmentInput }) =>
        this.#fulfillmentCreate(state, fulfillment),
      fulfillmentTrackingInfoUpdate: (args: {
        fulfillmentId: string;
        trackingInfoInput: TrackingInput;
      }) => {
        for (const order of state.orders.values()) {
          const found = order.fulfillments.find((f) => f.id === args.fulfillmentId);
          if (found) {
            found.trackingInfo = [trackingOf(args.trackingInfoInput)];
            return { fulfillment: { id: found.id }, userErrors: [] };
          }
        }
        return {
          fulfillment: null,
          userErrors: [{ field: ["fulfillmentId"], message: "Fulfillment does not exist." }],
        };
      },
      fulfillmentEventCreate: ({
        fulfillmentEvent,
      }: {
        fulfillmentEvent: FulfillmentEventInput;
      }) => {
        for (const order of state.orders.values()) {
          const found = order.fulfillments.find((f) => f.id === fulfillmentEvent.fulfillmentId);
          if (found) {
            const event: FakeFulfillmentEvent = {
              id: `gid://shopify/FulfillmentEvent/${this.#ids++}`,
              status: fulfillmentEvent.status,
              happenedAt: fulfillmentEvent.happenedAt ?? null,
              message: fulfillmentEvent.message ?? null,
              city: fulfillmentEvent.city ?? null,
            };
            found.events.push(event);
            return { fulfillmentEvent: event, userErrors: [] };
          }
        }
        return {
          fulfillmentEvent: null,
          userErrors: [
            {
              field: ["fulfillmentEvent", "fulfillmentId"],
              message: "Fulfillment does not exist.",
            },
          ],
        };
      },
      carrierServiceCreate: ({
        input,
      }: {
        input: { name?: string; callbackUrl?: string; active?: boolean };
      }) => {
        if (state.carrierServices.some((service) => service.name === input.name)) {
          return {
            carrierService: null,
            userErrors: [
              { field: ["input", "name"], message: `${input.name} is already configured` },
            ],
          };
        }
        const service = {
          id: `gid://shopify/DeliveryCarrierService/${this.#ids++}`,
          name: input.name ?? "",
          callbackUrl: input.callbackUrl ?? "",
          active: input.active ?? false,
        };
        state.carrierServices.push(service);
        return { carrierService: service, userErrors: [] };
      },
    };
  }

  #fulfillmentCreate(state: Shop, input: FulfillmentInput) {
    const fail = (message: string) => ({
      fulfillment: null,
      userErrors: [{ field: ["fulfillment"], message }],
    });
    const lines: { id: string; quantity: number }[] = [];
    const changes: (() => void)[] = [];
    const locations = new Set<string>();
    const orders = new Set<string>();
    for (const group of input.lineItemsByFulfillmentOrder) {
      const owner = [...state.orders.values()].find((order) =>
        order.fulfillmentOrders.some((fo) => fo.id === group.fulfillmentOrderId),
      );
      const fulfillmentOrder = owner?.fulfillmentOrders.find(
        (fo) => fo.id === group.fulfillmentOrderId,
      );
      if (!owner || !fulfillmentOrder) return fail("Fulfillment order does not exist.");
      // As Shopify: one fulfilment holds fulfillment orders of one order and one location.
      orders.add(owner.id);
      if (orders.size > 1) {
        return fail("All fulfillment orders in a fulfillment must belong to the same order.");
      }
      locations.add((fulfillmentOrder.location ?? DEFAULT_LOCATION).id);
      if (locations.size > 1) {
        return fail("All fulfillment orders in a fulfillment must belong to the same location.");
      }
      // As Shopify: only an open (or partly fulfilled) fulfillment order is fulfilled;
      // one on hold, closed or cancelled is refused.
      if (fulfillmentOrder.status !== "OPEN" && fulfillmentOrder.status !== "IN_PROGRESS") {
        return fail(
          `Fulfillment order ${fulfillmentOrder.id} has an unfulfillable status= ${fulfillmentOrder.status.toLowerCase()}.`,
        );
      }
      const wanted =
        group.fulfillmentOrderLineItems ??
        fulfillmentOrder.lineItems.map((line) => ({
          id: line.id,
          quantity: line.remainingQuantity,
        }));
      for (const { id, quantity } of wanted) {
        const line = fulfillmentOrder.lineItems.find((candidate) => candidate.id === id);
        if (!line) return fail(`Fulfillment order line item ${id} does not exist.`);
        const asked =
          quantity + lines.filter((taken) => taken.id === id).reduce((n, l) => n + l.quantity, 0);
        if (quantity <= 0 || asked > line.remainingQuantity)
          return fail("Invalid fulfillment order line item quantity requested.");
        lines.push({ id, quantity });
        changes.push(() => {
          line.remainingQuantity -= quantity;
        });
      }
      changes.push(() => {
        fulfillmentOrder.progressed = true;
        fulfillmentOrder.status = fulfillmentOrder.lineItems.every(
          (line) => line.remainingQuantity === 0,
        )
          ? "CLOSED"
          : "IN_PROGRESS";
      });
    }
    const owner = [...state.orders.values()].find((order) =>
      order.fulfillmentOrders.some(
        (fo) => fo.id === input.lineItemsByFulfillmentOrder[0]?.fulfillmentOrderId,
      ),
    );
    if (!owner) return fail("Fulfillment order does not exist.");
    for (const change of changes) change();
    const fulfillment: FakeFulfillment = {
      id: `gid://shopify/Fulfillment/${this.#ids++}`,
      status: "SUCCESS",
      trackingInfo: input.trackingInfo ? [trackingOf(input.trackingInfo)] : [],
      lineItems: lines,
      notifyCustomer: input.notifyCustomer ?? false,
      events: [],
    };
    owner.fulfillments.push(fulfillment);
    return { fulfillment: this.#fulfillmentView(fulfillment), userErrors: [] };
  }
}

interface FulfillmentEventInput {
  readonly fulfillmentId: string;
  readonly status: string;
  readonly happenedAt?: string | null;
  readonly message?: string | null;
  readonly city?: string | null;
}

interface TrackingInput {
  readonly company?: string | null;
  readonly number?: string | null;
  readonly url?: string | null;
}

interface FulfillmentInput {
  readonly lineItemsByFulfillmentOrder: readonly {
    readonly fulfillmentOrderId: string;
    readonly fulfillmentOrderLineItems?: readonly {
      readonly id: string;
      readonly quantity: number;
    }[];
  }[];
  readonly trackingInfo?: TrackingInput | null;
  readonly notifyCustomer?: boolean | null;
}

function trackingOf(input: TrackingInput): FakeTrackingInfo {
  return { company: input.company ?? null, number: input.number ?? null, url: input.url ?? null };
}

/**
 * A connection's first `first` items, with its pageInfo, as Shopify answers
 * it; `map` shapes the nodes.
 */
function page<T>(first: number | undefined, items: readonly T[], after?: string | null) {
  // A cursor is the position after which a page starts, as text.
  const start = after ? Number(after) : 0;
  const taken = items.slice(start, start + (first ?? items.length));
  const end = start + taken.length;
  const pageInfo = {
    hasNextPage: end < items.length,
    hasPreviousPage: start > 0,
    startCursor: taken.length > 0 ? String(start) : null,
    endCursor: taken.length > 0 ? String(end) : null,
  };
  return {
    map: <U>(shape: (item: T) => U) => ({ nodes: taken.map(shape), pageInfo }),
  };
}

function lineItemGid(id: number | string | undefined): string {
  return String(id).startsWith("gid://") ? String(id) : `gid://shopify/LineItem/${id}`;
}

function money(amount: string | null | undefined, currencyCode: string) {
  const value = amount ?? "0.00";
  return {
    shopMoney: { amount: value, currencyCode },
    presentmentMoney: { amount: value, currencyCode },
  };
}

/** The order's details as the Admin API's Order fields (what the ShopOrder query reads). */
function detailsView(order: FakeOrder) {
  const details = order.details;
  const currency = details?.currency ?? "PLN";
  const address = details?.shipping_address;
  const line = details?.shipping_lines?.[0];
  return {
    legacyResourceId: order.id.slice(order.id.lastIndexOf("/") + 1),
    email: details?.email ?? null,
    phone: details?.phone ?? null,
    currencyCode: currency,
    createdAt: details?.created_at ?? "2026-01-01T00:00:00Z",
    updatedAt: details?.updated_at ?? details?.created_at ?? "2026-01-01T00:00:00Z",
    displayFinancialStatus: details?.financial_status
      ? details.financial_status.toUpperCase()
      : null,
    paymentGatewayNames: details?.payment_gateway_names ?? [],
    currentTotalPriceSet: money(details?.total_price, currency),
    currentSubtotalPriceSet: money(details?.subtotal_price, currency),
    totalOutstandingSet: money(details?.total_outstanding, currency),
    totalShippingPriceSet: money(details?.total_shipping_price_set?.shop_money?.amount, currency),
    shippingAddress: address
      ? {
          firstName: address.first_name ?? null,
          lastName: address.last_name ?? null,
          company: address.company ?? null,
          address1: address.address1 ?? null,
          address2: address.address2 ?? null,
          city: address.city ?? null,
          zip: address.zip ?? null,
          provinceCode: address.province_code ?? null,
          countryCodeV2: address.country_code || null,
          phone: address.phone ?? null,
        }
      : null,
    shippingLine: line
      ? {
          title: line.title ?? "",
          code: line.code ?? null,
          source: line.source ?? null,
          originalPriceSet: money(line.price, currency),
        }
      : null,
    lineItems: ({ first }: { first?: number }) =>
      page(first, details?.line_items ?? []).map((item) => ({
        id: lineItemGid(item.id),
        sku: item.sku ?? null,
        name: item.name ?? item.title ?? "",
        title: item.title ?? item.name ?? "",
        quantity: item.quantity ?? 0,
        currentQuantity: item.current_quantity ?? item.quantity ?? 0,
        requiresShipping: item.requires_shipping !== false,
        originalUnitPriceSet: money(item.price, currency),
      })),
  };
}
