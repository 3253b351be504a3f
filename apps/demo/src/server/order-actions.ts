// The dashboard's order actions after checkout, each run by the order's own
// store: starting a return (the Shopify shop's return and the app's return
// parcel; Medusa's admin return with the plugin's return option), the
// returns with their parcels, tracking and labels, an order's pickup point
// (the points near it) and changing it before it ships (checked at the
// service by the store), and the Shopify admin's order block for an order.
import { Hono } from "hono";
import { OrderActionError } from "../stores/order-action-error.ts";
import { type RoutePoint, rememberPoints, toKnownPoint } from "../stores/points.ts";
import { allOrders } from "./api.ts";
import { apiError, download, invalidRequest, languageOf } from "./api-answers.ts";
import type { DemoContext } from "./context.ts";
import { type Language, say } from "./language.ts";
import { carrierName } from "./people-names.ts";

type Store = "shopify" | "medusa";

/** One return as the dashboard lists it. */
export interface DemoReturn {
  readonly store: Store;
  /** The return (Shopify) or the return parcel's shipment (Medusa). */
  readonly id: string;
  readonly orderId: string;
  readonly orderName: string;
  readonly status: string;
  readonly packageId: string | null;
  readonly trackingNumber: string | null;
  readonly trackingState: string | null;
  readonly labelUrl: string | null;
}

const POINT_CODE = /^[A-Za-z0-9_-]{1,64}$/;
const SHIPPED = new Set(["shipped", "in_transit", "delivered"]);

function pointView(point: RoutePoint) {
  const known = toKnownPoint(point);
  const { latitude, longitude } = known;
  return { code: point.code, name: known.name, address: known.address, latitude, longitude };
}

export function orderActionRoutes(demo: DemoContext): Hono {
  const api = new Hono();
  const { actions: shopify } = demo.shopify;
  const { actions: medusa } = demo.medusa;

  api.onError((error, c) => {
    if (error instanceof OrderActionError) {
      return apiError(
        c,
        error.status === 422 ? 400 : error.status,
        error.code,
        error.message,
        error.issues ? [...error.issues] : undefined,
      );
    }
    const status = (error as { status?: unknown }).status;
    const final = (error as { final?: unknown }).final === true;
    if (final && typeof status === "number" && status < 500) {
      return apiError(c, 409, "store_refused", error.message);
    }
    console.error(`demo: ${c.req.method} ${c.req.path}: ${error.message}`);
    return apiError(c, 502, "store_error", error.message);
  });

  const noStore = (c: Parameters<typeof languageOf>[0], store: string) =>
    apiError(
      c,
      404,
      "unknown_store",
      say(languageOf(c), `No store ${store}`, `Nie ma sklepu ${store}`),
    );

  /** The order as the dashboard lists it, or undefined. */
  async function orderOf(store: Store, id: string, language: Language) {
    return (await allOrders(demo, language)).find(
      (order) => order.store === store && order.id === id,
    );
  }

  api.get("/returns", async (c) => {
    const language = languageOf(c);
    const [shopifyReturns, placed, medusaReturns, medusaOrders] = await Promise.all([
      shopify.returns(language),
      demo.shopify.storefront.placed(),
      medusa.returns(),
      demo.medusa.orders.orders(),
    ]);
    const names = new Map(medusaOrders.map((order) => [order.id, `#${order.display_id}`]));
    const returns: DemoReturn[] = [
      ...shopifyReturns.map((row) => ({
        store: "shopify" as const,
        id: row.returnId.replace(/^gid:\/\/shopify\/Return\//, ""),
        orderId: row.orderId,
        orderName: placed.get(row.orderId)?.name ?? row.orderId,
        status: row.status,
        packageId: row.packageId,
        trackingNumber: row.trackingNumber,
        trackingState: row.trackingState,
        labelUrl: row.hasLabel
          ? `/api/returns/shopify/${encodeURIComponent(row.returnId.replace(/^gid:\/\/shopify\/Return\//, ""))}/label`
          : null,
      })),
      ...medusaReturns.map((row) => ({
        store: "medusa" as const,
        id: row.id,
        orderId: row.order_id,
        orderName: names.get(row.order_id) ?? row.order_id,
        status: row.status ?? "created",
        packageId: row.package_id === null ? null : String(row.package_id),
        trackingNumber: row.tracking_number,
        trackingState: row.tracking_state,
        labelUrl: row.has_label ? `/api/returns/medusa/${encodeURIComponent(row.id)}/label` : null,
      })),
    ];
    return c.json({ returns });
  });

  api.post("/orders/:store/:id/return", async (c) => {
    const language = languageOf(c);
    const store = c.req.param("store");
    const id = c.req.param("id");
    if (store !== "shopify" && store !== "medusa") return noStore(c, store);
    const order = await orderOf(store, id, language);
    if (!order) {
      return apiError(
        c,
        404,
        "order_not_found",
        say(language, `No order ${id}`, `Nie ma zamówienia ${id}`),
      );
    }
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
      );
    }
    // The whole order goes back at once: a second return would find nothing to return.
    const returned =
      store === "shopify"
        ? (await shopify.returns(language)).some((row) => row.orderId === id)
        : (await medusa.returns()).some((row) => row.order_id === id);
    if (returned) {
      return apiError(
        c,
        409,
        "already_returned",
        say(
          language,
          `Order ${order.name} is being returned already`,
          `Zamówienie ${order.name} jest już zwracane`,
        ),
      );
    }
    const started =
      store === "shopify" ? await shopify.startReturn(id) : await medusa.startReturn(id, language);
    return c.json({ return: { store, orderId: id, ...started } }, 201);
  });

  api.get("/returns/:store/:id/label", async (c) => {
    const store = c.req.param("store");
    const id = c.req.param("id");
    const label =
      store === "shopify"
        ? shopify.returnLabel(id)
        : store === "medusa"
          ? await medusa.returnLabel(id)
          : null;
    if (!label) {
      return apiError(
        c,
        404,
        "label_not_found",
        say(languageOf(c), "This return has no label yet", "Ten zwrot nie ma jeszcze etykiety"),
      );
    }
    return download({
      ...label,
      filename: `${say(languageOf(c), "return-label", "etykieta-zwrotu")}-${store}-${id.replace(/[^\w-]/g, "")}.pdf`,
    });
  });

  api.get("/orders/:store/:id/pickup-point", async (c) => {
    const language = languageOf(c);
    const store = c.req.param("store");
    const id = c.req.param("id");
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
    if (store !== "shopify") return noStore(c, store);
    const block = (await shopify.orderBlock(id, language)) as {
      order: {
        pickupPoint: string | null;
        service: string | null;
        actions: { changePoint: boolean };
      };
    };
    const address = shopify.address(id);
    const { pickupPoint, service, actions } = block.order;
    const points =
      actions.changePoint && service && address
        ? await medusa.nearbyPoints(service, address).catch(() => [])
        : [];
    await rememberPoints(demo.pool, points.map(toKnownPoint));
    return c.json({
      point: pickupPoint,
      service,
      changeable: actions.changePoint,
      points: points.map(pointView),
    });
  });

  api.post("/orders/:store/:id/pickup-point", async (c) => {
    const language = languageOf(c);
    const store = c.req.param("store");
    const id = c.req.param("id");
    if (store !== "shopify" && store !== "medusa") return noStore(c, store);
    const body = (await c.req.json().catch(() => ({}))) as { code?: unknown };
    const code = typeof body.code === "string" ? body.code.trim() : "";
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
    if (store === "shopify") {
      const changed = await shopify.changePickupPoint(id, code, language);
      return c.json({ point: changed.code, service: changed.service });
    }
    const changed = await medusa.changePickupPoint(id, code, language);
    return c.json({ point: changed.point.code, service: changed.point.service });
  });

  // The Shopify admin's order block for the order, as the app's extension API answers it.
  api.get("/orders/shopify/:id/admin-block", async (c) => {
    const language = languageOf(c);
    const block = (await shopify.orderBlock(c.req.param("id"), language)) as {
      order: { service: string | null };
    };
    // The carrier by its name, beside the block's code.
    return c.json({
      ...block,
      order: { ...block.order, serviceName: carrierName(block.order.service, language) },
    });
  });

  return api;
}
