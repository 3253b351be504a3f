// The dashboard's order actions after checkout, each run by the order's own
// store: starting a return (the Shopify shop's return and the app's return
// parcel; Medusa's admin return with the plugin's return option), the
// returns with their parcels, tracking and labels, an order's pickup point
// (the points near it) and changing it before it ships (checked at the
// service by the store), and the Shopify admin's order block for an order.
// Every refusal is `{ error: { code, message, issues? } }` in the language
// asked; a store's own words go only into an issue's message.
import type { Context } from "hono";
import { Hono } from "hono";
import { MedusaApiError } from "../stores/medusa/medusa-api.ts";
import { OrderActionError } from "../stores/order-action-error.ts";
import { type RoutePoint, rememberPoints, toKnownPoint } from "../stores/points.ts";
import { orderOf } from "./all-orders.ts";
import { apiError, download, invalidRequest, languageOf } from "./api-answers.ts";
import type { DemoContext } from "./context.ts";
import { type Language, say } from "./language.ts";
import { type DemoOrder, type DemoStatus, returnStatus } from "./orders.ts";
import { carrierName, fileNamePart } from "./people-names.ts";

type Store = "shopify" | "medusa";

/** One return as the dashboard lists it. */
export interface DemoReturn {
  readonly store: Store;
  /** The return (Shopify) or the return parcel's shipment (Medusa). */
  readonly id: string;
  readonly orderId: string;
  readonly orderName: string;
  /** In the orders' terms (`shipping`, `shipped`, `in_transit`, `delivered`, …). */
  readonly status: DemoStatus;
  /** The store's own state of the return. */
  readonly storeStatus: string;
  readonly packageId: string | null;
  readonly trackingNumber: string | null;
  readonly trackingState: string | null;
  readonly labelUrl: string | null;
}

const POINT_CODE = /^[A-Za-z0-9_-]{1,64}$/;
const SHIPPED = new Set<DemoStatus>(["shipped", "in_transit", "delivered"]);
/** The statuses in which the dashboard still lets an order's point change. */
const CHANGEABLE = new Set<DemoStatus>(["waiting", "needs_attention"]);
/** The stores' codes for a point change refused because the parcel is bought. */
const ALREADY_SHIPPED = new Set(["not_shippable", "parcel_bought"]);

const SHOPIFY_RETURN = /^gid:\/\/shopify\/Return\//;

function pointView(point: RoutePoint) {
  const known = toKnownPoint(point);
  const { latitude, longitude } = known;
  return { code: point.code, name: known.name, address: known.address, latitude, longitude };
}

function isStore(store: string): store is Store {
  return store === "shopify" || store === "medusa";
}

export function orderActionRoutes(demo: DemoContext): Hono {
  const api = new Hono();
  const { actions: shopify } = demo.shopify;
  const { actions: medusa } = demo.medusa;
  /** Returns being started, by store and order: a second start meanwhile is refused. */
  const starting = new Set<string>();

  api.onError((error, c) => {
    const language = languageOf(c);
    if (error instanceof OrderActionError) {
      return apiError(
        c,
        error.status === 422 ? 400 : error.status,
        error.code,
        error.message,
        error.issues ? [...error.issues] : undefined,
      );
    }
    if (error instanceof MedusaApiError && error.final) {
      // The store's own words (English, naming its request) only in the issue.
      return apiError(
        c,
        409,
        "store_refused",
        say(language, "The store refused the request", "Sklep odmówił wykonania żądania"),
        [{ path: "store", rule: error.medusaCode ?? "refused", message: storeText(error) }],
      );
    }
    console.error(`demo: ${c.req.method} ${c.req.path}: ${error.message}`);
    return apiError(
      c,
      502,
      "store_error",
      say(
        language,
        "The store did not answer as expected; try again in a moment",
        "Sklep nie odpowiedział jak należy; spróbuj ponownie za chwilę",
      ),
    );
  });

  const noStore = (c: Context, store: string) =>
    apiError(
      c,
      404,
      "unknown_store",
      say(languageOf(c), `No store ${store}`, `Nie ma sklepu ${store}`),
    );

  const noOrder = (c: Context, id: string) =>
    apiError(
      c,
      404,
      "order_not_found",
      say(languageOf(c), `No order ${id}`, `Nie ma zamówienia ${id}`),
    );

  /** The returns of both stores, each with its order's number and its status in the orders' terms. */
  async function demoReturns(language: Language): Promise<DemoReturn[]> {
    const [shopifyReturns, placed, medusaReturns, medusaOrders] = await Promise.all([
      shopify.returns(language),
      demo.shopify.storefront.placed(),
      medusa.returns(),
      demo.medusa.orders.orders(),
    ]);
    const names = new Map(medusaOrders.map((order) => [order.id, `#${order.display_id}`]));
    return [
      ...shopifyReturns.map((row) => {
        const id = row.returnId.replace(SHOPIFY_RETURN, "");
        return {
          store: "shopify" as const,
          id,
          orderId: row.orderId,
          orderName: placed.get(row.orderId)?.name ?? row.orderId,
          status: returnStatus(row.status, row.packageId, row.trackingState),
          storeStatus: row.status,
          packageId: row.packageId,
          trackingNumber: row.trackingNumber,
          trackingState: row.trackingState,
          labelUrl: row.hasLabel ? `/api/returns/shopify/${encodeURIComponent(id)}/label` : null,
        };
      }),
      ...medusaReturns.map((row) => {
        const packageId = row.package_id === null ? null : String(row.package_id);
        return {
          store: "medusa" as const,
          id: row.id,
          orderId: row.order_id,
          orderName: names.get(row.order_id) ?? row.order_id,
          status: returnStatus(row.status, packageId, row.tracking_state),
          storeStatus: row.status ?? "created",
          packageId,
          trackingNumber: row.tracking_number,
          trackingState: row.tracking_state,
          labelUrl: row.has_label
            ? `/api/returns/medusa/${encodeURIComponent(row.id)}/label`
            : null,
        };
      }),
    ];
  }

  api.get("/returns", async (c) => c.json({ returns: await demoReturns(languageOf(c)) }));

  api.post("/orders/:store/:id/return", async (c) => {
    const language = languageOf(c);
    const store = c.req.param("store");
    const id = c.req.param("id");
    if (!isStore(store)) return noStore(c, store);
    const order = await orderOf(demo, store, id, language);
    if (!order) return noOrder(c, id);
    if (!SHIPPED.has(order.status)) {
      return apiError(
        c,
        409,
        "not_shipped",
        say(
          language,
          `Order ${order.name} is not shipped yet: nothing to return`,
          `Zamówienie ${order.name} nie zostało jeszcze wysłane: nie ma czego zwrócić`,
        ),
        [{ path: "order.status", rule: "not_shipped", message: order.status }],
      );
    }
    const alreadyReturned = () =>
      apiError(
        c,
        409,
        "already_returned",
        say(
          language,
          `Order ${order.name} is being returned already`,
          `Zamówienie ${order.name} jest już zwracane`,
        ),
      );
    // One start at a time per order: the check below and the start are one step.
    const key = `${store}:${id}`;
    if (starting.has(key)) return alreadyReturned();
    starting.add(key);
    try {
      // The whole order goes back at once: a second return would find nothing to return.
      const returned =
        store === "shopify"
          ? (await shopify.returns(language)).some((row) => row.orderId === id)
          : (await medusa.returns()).some((row) => row.order_id === id);
      if (returned) return alreadyReturned();
      const started =
        store === "shopify"
          ? await shopify.startReturn(id, language)
          : await medusa.startReturn(id, language);
      return c.json({ return: { store, orderId: id, ...started } }, 201);
    } finally {
      starting.delete(key);
    }
  });

  api.get("/returns/:store/:id/label", async (c) => {
    const language = languageOf(c);
    const store = c.req.param("store");
    const id = c.req.param("id");
    if (!isStore(store)) return noStore(c, store);
    const label = store === "shopify" ? shopify.returnLabel(id) : await medusa.returnLabel(id);
    if (!label) {
      return apiError(
        c,
        404,
        "label_not_found",
        say(language, "This return has no label yet", "Ten zwrot nie ma jeszcze etykiety"),
      );
    }
    // Named by the order's number, looked up here ("etykieta-zwrotu-1001.pdf").
    const found = (await demoReturns(language)).find(
      (row) => row.store === store && row.id === id.replace(SHOPIFY_RETURN, ""),
    );
    return download({
      ...label,
      filename: `${say(language, "return-label", "etykieta-zwrotu")}-${fileNamePart(found?.orderName ?? id)}.pdf`,
    });
  });

  api.get("/orders/:store/:id/pickup-point", async (c) => {
    const language = languageOf(c);
    const store = c.req.param("store");
    const id = c.req.param("id");
    if (!isStore(store)) return noStore(c, store);
    if (!(await orderOf(demo, store, id, language))) return noOrder(c, id);
    if (store === "medusa") {
      const answer = await medusa.pickupPoint(id, language);
      return c.json({
        point: answer.point.code,
        service: answer.point.service,
        changeable: answer.changeable,
        points: answer.points.map((point) =>
          pointView({ ...point, address: point.address as RoutePoint["address"] }),
        ),
      });
    }
    const { order } = await shopify.orderBlock(id, language);
    const address = shopify.address(id);
    const { pickupPoint, service, actions } = order;
    let points: RoutePoint[] = [];
    if (actions.changePoint && service && address) {
      // The demo's one source of points (the same the Shopify storefront names its lockers by).
      try {
        points = await medusa.nearbyPoints(service, address);
      } catch (error) {
        throw new OrderActionError(
          "points_unavailable",
          say(
            language,
            "The points near this order could not be listed; try again in a moment",
            "Nie udało się wczytać punktów w pobliżu tego zamówienia; spróbuj ponownie za chwilę",
          ),
          502,
          [{ path: "points", rule: "unavailable", message: storeText(error) }],
        );
      }
    }
    await rememberPoints(demo.pool, points.map(toKnownPoint));
    return c.json({
      point: pickupPoint,
      service,
      changeable: actions.changePoint,
      points: points.map(pointView),
    });
  });

  /** 409 `not_changeable`: the order is shipping or shipped (`rule` says which, or the store's code). */
  const notChangeable = (c: Context, order: DemoOrder, rule: string, detail: string) =>
    apiError(
      c,
      409,
      "not_changeable",
      say(
        languageOf(c),
        `Order ${order.name} is shipping or shipped: its pickup point can no longer change`,
        `Zamówienie ${order.name} jest wysyłane lub wysłane: jego punktu odbioru nie można już zmienić`,
      ),
      [{ path: "pickup_point", rule, message: detail }],
    );

  api.post("/orders/:store/:id/pickup-point", async (c) => {
    const language = languageOf(c);
    const store = c.req.param("store");
    const id = c.req.param("id");
    if (!isStore(store)) return noStore(c, store);
    const body = (await c.req.json().catch(() => ({}))) as { code?: unknown };
    const code = typeof body?.code === "string" ? body.code.trim() : "";
    if (!POINT_CODE.test(code)) {
      return invalidRequest(c, [
        {
          path: "code",
          rule: "point_code",
          message: say(
            language,
            "code: give the pickup point's code (letters, digits, - or _)",
            "code: podaj kod punktu odbioru (litery, cyfry, - lub _)",
          ),
        },
      ]);
    }
    const order = await orderOf(demo, store, id, language);
    if (!order) return noOrder(c, id);
    // As the dashboard shows it: an order in a batch is "shipping" before its store says so.
    if (!CHANGEABLE.has(order.status)) {
      return notChangeable(c, order, order.status, order.status);
    }
    try {
      if (store === "shopify") {
        const changed = await shopify.changePickupPoint(id, code, language);
        return c.json({ point: changed.code, service: changed.service });
      }
      const changed = await medusa.changePickupPoint(id, code, language);
      return c.json({ point: changed.point.code, service: changed.point.service });
    } catch (error) {
      if (error instanceof OrderActionError && ALREADY_SHIPPED.has(error.code)) {
        return notChangeable(c, order, error.code, error.message);
      }
      throw error;
    }
  });

  // The Shopify admin's order block for the order, as the app's extension API answers it.
  api.get("/orders/shopify/:id/admin-block", async (c) => {
    const language = languageOf(c);
    const block = await shopify.orderBlock(c.req.param("id"), language);
    // The carrier by its name, beside the block's code.
    return c.json({
      ...block,
      order: { ...block.order, serviceName: carrierName(block.order.service, language) },
    });
  });

  return api;
}

/** A store's own words of a failure, without the request it answered ("POST /admin/returns: 400 …"). */
function storeText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^[A-Z]+ \/\S*: \d{3} /, "").replace(/^[\w-]+: \d{3} /, "");
}
