// The dashboard's JSON API (state, connecting each store's shipping account,
// orders of both stores, the shipping day's batches and files, labels, the
// sandbox clock, statistics and test orders). Errors are `{ error: { code,
// message, issues? } }`, in the language `?lang=` or Accept-Language asks for.
import { ShipbridgeError } from "@shipbridge/core";
import { Hono } from "hono";
import { StorefrontError } from "../stores/shopify/storefront.ts";
import { allOrders, orderOf, settle } from "./all-orders.ts";
import { apiError, download, invalidRequest, languageOf } from "./api-answers.ts";
import { batchRoutes } from "./batch-routes.ts";
import type { DemoContext } from "./context.ts";
import { say } from "./language.ts";
import { orderActionRoutes } from "./order-actions.ts";
import { fileNamePart } from "./people-names.ts";
import { sameOriginOnly } from "./same-origin.ts";
import { sampleRoutes } from "./sample-routes.ts";
import { NoFileError } from "./store-batch.ts";
import { NoCourierError } from "./store-day.ts";

async function sandboxControl(demo: DemoContext, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${demo.addresses.sandbox.baseUrl}/_sandbox${path}`, {
    method: body === undefined ? "GET" : "POST",
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
  });
  if (!response.ok) throw new Error(`sandbox ${path} answered ${response.status}`);
  return response.json();
}

export function apiRoutes(demo: DemoContext): Hono {
  const api = new Hono();
  api.use("*", sameOriginOnly(demo.addresses.dashboard));

  api.onError((error, c) => {
    if (error instanceof StorefrontError)
      return apiError(c, error.status, error.code, error.message);
    if (error instanceof NoFileError) {
      return apiError(
        c,
        409,
        error.code,
        say(
          languageOf(c),
          `The ${error.store} part of the batch has bought no parcel yet`,
          `Część partii sklepu ${error.store} nie kupiła jeszcze żadnej paczki`,
        ),
      );
    }
    if (error instanceof NoCourierError) {
      return apiError(
        c,
        404,
        error.code,
        say(
          languageOf(c),
          `The ${error.store} part of the batch has nothing for a courier of ${error.what}`,
          `Część partii sklepu ${error.store} nie ma nic dla kuriera ${error.what}`,
        ),
      );
    }
    // A store's refusal that can pass later or conflicts (a pickup no longer cancellable).
    const status = (error as { status?: unknown }).status;
    if (error instanceof ShipbridgeError && status === 409) {
      return apiError(c, 409, error.code, error.message);
    }
    const issues = (error as { issues?: unknown }).issues;
    if (Array.isArray(issues)) {
      return apiError(c, 400, "invalid", error.message, issues);
    }
    console.error(`demo: ${c.req.method} ${c.req.path}: ${error.message}`);
    return apiError(c, 502, "store_error", error.message);
  });

  api.get("/state", async (c) => {
    const language = languageOf(c);
    const [shopify, medusa, clock] = await Promise.all([
      settle(demo.shopify.merchant.connection(), "not_connected" as const),
      settle(demo.medusa.orders.connection(), "not_connected" as const),
      demo.sandbox
        ? settle(sandboxControl(demo, "/clock") as Promise<{ now: string }>, {
            now: new Date().toISOString(),
          })
        : Promise.resolve({ now: new Date().toISOString() }),
    ]);
    const { addresses } = demo;
    return c.json({
      connection: { shopify, medusa },
      stores: {
        // Neither admin UI is served (the simulated store has no Shopify admin,
        // and Medusa runs without its admin build): the dashboard is the console.
        shopify: { storefront: addresses.shopify.storefront },
        medusa: { storefront: addresses.medusa.storefront },
      },
      sandbox: { baseUrl: addresses.sandbox.baseUrl, now: clock.now },
      language,
    });
  });

  // The service's pages in the dashboard's language: `?lang=` (else
  // Accept-Language) goes on to the store's connect start as its language.
  api.get("/connect/:store", async (c) => {
    const store = c.req.param("store");
    const language = languageOf(c);
    const returnTo = `${demo.addresses.dashboard}/?connected=${store}`;
    if (store === "shopify") {
      const start = new URL(await demo.shopify.merchant.connectUrl({ returnTo }));
      start.searchParams.set("lang", language);
      return c.redirect(start.href, 302);
    }
    if (store === "medusa")
      return c.redirect(await demo.medusa.orders.connectUrl(returnTo, language), 302);
    return apiError(
      c,
      404,
      "unknown_store",
      say(languageOf(c), `No store ${store}`, `Nie ma sklepu ${store}`),
    );
  });

  api.get("/orders", async (c) => c.json({ orders: await allOrders(demo, languageOf(c)) }));

  api.route("/", batchRoutes(demo));
  api.route("/", sampleRoutes(demo));
  api.route("/", orderActionRoutes(demo));

  api.get("/labels/:store/:id", async (c) => {
    const store = c.req.param("store");
    const id = c.req.param("id");
    const label =
      store === "shopify"
        ? await demo.shopify.merchant.label(id)
        : store === "medusa"
          ? await demo.medusa.orders.label(id)
          : null;
    if (!label) {
      return apiError(
        c,
        404,
        "label_not_found",
        say(languageOf(c), "This order has no label yet", "To zamówienie nie ma jeszcze etykiety"),
      );
    }
    // Named by the order number people know ("etykieta-1001.pdf"), looked up here.
    const order = await orderOf(
      demo,
      store === "shopify" ? "shopify" : "medusa",
      id,
      languageOf(c),
    );
    const number = fileNamePart(order?.name ?? id);
    return download({
      body: label.body,
      contentType: label.contentType,
      filename: `${say(languageOf(c), "label", "etykieta")}-${number}.pdf`,
    });
  });

  api.post("/clock", async (c) => {
    const language = languageOf(c);
    if (!demo.sandbox) {
      return apiError(
        c,
        409,
        "real_service",
        say(
          language,
          "The real service's clock cannot be moved",
          "Zegara prawdziwej usługi nie da się przesunąć",
        ),
      );
    }
    const body = (await c.req.json().catch(() => ({}))) as { days?: unknown; hours?: unknown };
    const issues: { path: string; rule: string; message: string }[] = [];
    for (const name of ["days", "hours"] as const) {
      const value = body[name];
      if (
        value !== undefined &&
        (typeof value !== "number" || !Number.isFinite(value) || value < 0 || value > 366)
      ) {
        issues.push({
          path: name,
          rule: "invalid_value",
          message: say(
            language,
            `${name} must be a number from 0 to 366`,
            `${name} musi być liczbą od 0 do 366`,
          ),
        });
      }
    }
    if (issues.length > 0) return invalidRequest(c, issues);
    const seconds =
      ((body.days as number | undefined) ?? 0) * 86_400 +
      ((body.hours as number | undefined) ?? 0) * 3_600;
    // The sandbox sends the tracking pushes the move makes due before it answers.
    const moved = (await sandboxControl(demo, "/clock/advance", { seconds })) as { now: string };
    // Pushes reach each store's webhook; the reconcile pass reads what a push missed.
    await settle(demo.shopify.app.reconcileTracking(), 0);
    await settle(demo.shopify.app.reconcileReturns(), 0);
    return c.json({ now: moved.now });
  });

  api.get("/stats", async (c) => {
    const orders = await allOrders(demo, languageOf(c));
    const days = new Map<string, { shipments: number; spend: number; currency: string }>();
    const points = new Map<
      string,
      {
        id: string;
        name: string;
        address: string;
        latitude?: number;
        longitude?: number;
        orders: number;
      }
    >();
    for (const order of orders) {
      if (order.point) {
        const entry = points.get(order.point.id) ?? { ...order.point, orders: 0 };
        entry.orders += 1;
        points.set(order.point.id, entry);
      }
      if (!order.packageId) continue;
      const date = order.createdAt.slice(0, 10);
      const day = days.get(date) ?? {
        shipments: 0,
        spend: 0,
        currency: order.price?.currency ?? "PLN",
      };
      day.shipments += 1;
      day.spend += order.price?.amount ?? 0;
      days.set(date, day);
    }
    return c.json({
      days: [...days]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([date, day]) => ({
          date,
          shipments: day.shipments,
          spend: { amount: Math.round(day.spend * 100) / 100, currency: day.currency },
        })),
      points: [...points.values()].sort((a, b) => b.orders - a.orders),
    });
  });

  return api;
}
