// The orders routes: the orders page, shipping the chosen orders (or all
// waiting) as one batch, a batch's page and the status it polls, and its
// documents (one file of labels, a handover protocol per carrier). Every
// route first proves which shop is asking (session token, the pages' own
// form token, or session cookie), and a batch is only ever the asking shop's.
import { randomUUID } from "node:crypto";
import type { Context, Hono } from "hono";
import { pageShop } from "../auth/page-shop.ts";
import { batchFiles, batchLabelFile, batchProtocol } from "../day/batch-documents.ts";
import type { AppRuntime } from "../runtime/app-runtime.ts";
import { queueBatch } from "../shipping/queue-batch.ts";
import { listBatches, listBatchOrders, loadBatch } from "../store/batches.ts";
import { loadSettings } from "../store/settings.ts";
import { batchPage } from "./batch-page.ts";
import { shopBatch, shopBatchOrder } from "./batch-view.ts";
import { shopOrders, waitingOrders } from "./order-view.ts";
import { ordersPage } from "./orders-page.ts";
import { pageQuery } from "./page-frame.ts";
import { serviceRefusal } from "./service-refusal.ts";

export type Form = Record<string, string | File | (string | File)[]>;

const UNAUTHORISED = "Open the app from your Shopify admin.";

export function who(app: AppRuntime, c: Context, form?: Form) {
  return pageShop(app.shopify, c.req.raw, form, app.config.now ?? Date.now);
}

export function formValues(form: Form, name: string): string[] {
  const value = form[name];
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.filter((item): item is string => typeof item === "string" && item.trim() !== "");
}

function formValue(form: Form, name: string): string {
  return formValues(form, name)[0]?.trim() ?? "";
}

export function ordersRoutes(hono: Hono, runtime: () => Promise<AppRuntime>): void {
  hono.get("/orders", async (c) => {
    const app = await runtime();
    const { shop, idToken } = await who(app, c);
    if (!shop) return c.text(UNAUTHORISED, 401);
    const { settings } = await loadSettings(app.pool, shop);
    return c.html(
      ordersPage({
        auth: { shop, idToken },
        language: settings.language,
        orders: await shopOrders(app.pool, shop),
        batches: await listBatches(app.pool, shop),
        batchKey: randomUUID(),
        nothingToShip: c.req.query("nothing") === "1",
      }),
    );
  });

  // Ship the chosen orders (or every order waiting) as one batch. The form's
  // own key names the batch: the same form sent twice is the same batch.
  hono.post("/orders/batch", async (c) => {
    const app = await runtime();
    const form = (await c.req.parseBody({ all: true })) as Form;
    const { shop, idToken } = await who(app, c, form);
    if (!shop) return c.text(UNAUTHORISED, 401);
    const key = formValue(form, "batch_key");
    if (!/^[\w-]{8,100}$/.test(key)) return c.text("The form has no batch key.", 400);
    const orderIds =
      formValue(form, "all") === "waiting"
        ? await waitingOrders(app.pool, shop)
        : formValues(form, "order_id");
    const queued = await queueBatch(app, shop, orderIds, `form:${key}`);
    const auth = { shop, idToken };
    if (queued.kind === "nothing_to_ship") {
      return c.redirect(`/orders${pageQuery(auth, "&nothing=1")}`, 303);
    }
    return c.redirect(`/orders/batches/${queued.batch.id}${pageQuery(auth)}`, 303);
  });

  hono.get("/orders/batches/:id", async (c) => {
    const app = await runtime();
    const { shop, idToken } = await who(app, c);
    if (!shop) return c.text(UNAUTHORISED, 401);
    const id = c.req.param("id");
    const batch = await loadBatch(app.pool, shop, id);
    if (!batch) return c.text("No such batch.", 404);
    const { settings } = await loadSettings(app.pool, shop);
    const orders = await listBatchOrders(app.pool, shop, id);
    return c.html(
      batchPage({
        auth: { shop, idToken },
        language: settings.language,
        batch: {
          ...shopBatch(batch, Date.now()),
          orders: orders.map((order) => shopBatchOrder(order, settings.language)),
        },
        files: await batchFiles(app, shop, id),
        labelFormat: settings.labelFormat,
        retryKey: randomUUID(),
      }),
    );
  });

  // What the batch page polls: JSON, small, never cached.
  hono.get("/orders/batches/:id/status", async (c) => {
    const app = await runtime();
    const { shop } = await who(app, c);
    if (!shop) return c.json({ error: "unauthorised", message: UNAUTHORISED }, 401);
    const batch = await loadBatch(app.pool, shop, c.req.param("id"));
    if (!batch) return c.json({ error: "not_found", message: "No such batch." }, 404);
    c.header("cache-control", "no-store");
    return c.json(shopBatch(batch, Date.now()));
  });

  // One file of the batch's labels, in the shop's format.
  hono.get("/orders/batches/:id/labels", async (c) => {
    const app = await runtime();
    const { shop } = await who(app, c);
    if (!shop) return c.text(UNAUTHORISED, 401);
    const { settings } = await loadSettings(app.pool, shop);
    const id = c.req.param("id");
    if (!(await loadBatch(app.pool, shop, id))) return c.text("No such batch.", 404);
    try {
      const file = await batchLabelFile(app, shop, id, part(c.req.query("part")));
      if (!file) return c.text("This batch has no labels yet.", 404);
      return download(file);
    } catch (error) {
      return serviceRefusal(c, error, settings.language);
    }
  });

  // The handover protocol of one carrier's parcels of the batch.
  hono.get("/orders/batches/:id/protocol", async (c) => {
    const app = await runtime();
    const { shop } = await who(app, c);
    if (!shop) return c.text(UNAUTHORISED, 401);
    const { settings } = await loadSettings(app.pool, shop);
    const id = c.req.param("id");
    if (!(await loadBatch(app.pool, shop, id))) return c.text("No such batch.", 404);
    try {
      const service = c.req.query("service") ?? "";
      const file = await batchProtocol(app, shop, id, service, part(c.req.query("part")));
      if (!file) return c.text("This batch has no parcels of that carrier.", 404);
      return download(file);
    } catch (error) {
      return serviceRefusal(c, error, settings.language);
    }
  });
}

/** The part of a file asked for (from 1; the first when not asked, 0 when not a number). */
function part(asked: string | undefined): number {
  if (asked === undefined || asked === "") return 1;
  return /^\d{1,6}$/.test(asked) ? Number(asked) : 0;
}

/** A file the browser saves (or prints) under the service's name for it. */
function download(file: { body: Uint8Array; contentType: string; filename: string }): Response {
  const name = file.filename.replace(/[^\w.-]/g, "_");
  return new Response(file.body.slice(), {
    headers: {
      "content-type": file.contentType,
      "content-disposition": `attachment; filename="${name}"`,
      "cache-control": "no-store",
    },
  });
}
