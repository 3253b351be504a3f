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
import { formUsedPage } from "./form-used-page.ts";
import { type OrderTexts, orderTexts, UNAUTHORISED } from "./order-texts.ts";
import { shopOrders, waitingOrders } from "./order-view.ts";
import { ordersPage } from "./orders-page.ts";
import { pageQuery } from "./page-frame.ts";
import { serviceRefusal } from "./service-refusal.ts";

export type Form = Record<string, string | File | (string | File)[]>;

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

/** The orders pages' texts in the shop's language. */
export async function shopTexts(app: AppRuntime, shop: string): Promise<OrderTexts> {
  return orderTexts((await loadSettings(app.pool, shop)).settings.language);
}

export function ordersRoutes(hono: Hono, runtime: () => Promise<AppRuntime>): void {
  hono.get("/orders", async (c) => {
    const app = await runtime();
    const { shop, idToken } = await who(app, c);
    if (!shop) return c.text(UNAUTHORISED, 401);
    const { settings } = await loadSettings(app.pool, shop);
    // Each load has a new form key: a page from the cache would send an old one.
    c.header("cache-control", "no-store");
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
  // own key names the batch: the same form sent twice is the same batch, and
  // the same key with another selection is refused (409).
  hono.post("/orders/batch", async (c) => {
    const app = await runtime();
    const form = (await c.req.parseBody({ all: true })) as Form;
    const { shop, idToken } = await who(app, c, form);
    if (!shop) return c.text(UNAUTHORISED, 401);
    const key = formValue(form, "batch_key");
    if (!/^[\w-]{8,100}$/.test(key)) return c.text((await shopTexts(app, shop)).noBatchKey, 400);
    const selection =
      formValue(form, "all") === "waiting" ? "waiting" : formValues(form, "order_id");
    const orderIds = selection === "waiting" ? await waitingOrders(app.pool, shop) : selection;
    const queued = await queueBatch(app, shop, orderIds, { key: `form:${key}`, selection });
    const auth = { shop, idToken };
    if (queued.kind === "nothing_to_ship") {
      return c.redirect(`/orders${pageQuery(auth, "&nothing=1")}`, 303);
    }
    if (queued.kind === "key_reused") {
      const { settings } = await loadSettings(app.pool, shop);
      c.header("cache-control", "no-store");
      return c.html(
        formUsedPage({ auth, language: settings.language, batchId: queued.batch.id }),
        409,
      );
    }
    return c.redirect(`/orders/batches/${queued.batch.id}${pageQuery(auth)}`, 303);
  });

  hono.get("/orders/batches/:id", async (c) => {
    const app = await runtime();
    const { shop, idToken } = await who(app, c);
    if (!shop) return c.text(UNAUTHORISED, 401);
    const id = c.req.param("id");
    const batch = await loadBatch(app.pool, shop, id);
    const { settings } = await loadSettings(app.pool, shop);
    if (!batch) return c.text(orderTexts(settings.language).noSuchBatch, 404);
    const orders = await listBatchOrders(app.pool, shop, id);
    // It changes as the batch runs, and its retry form has a new key each load.
    c.header("cache-control", "no-store");
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
    if (!batch) {
      const message = (await shopTexts(app, shop)).noSuchBatch;
      return c.json({ error: "not_found", message }, 404);
    }
    c.header("cache-control", "no-store");
    return c.json(shopBatch(batch, Date.now()));
  });

  // One file of the batch's labels, in the shop's format.
  hono.get("/orders/batches/:id/labels", async (c) => {
    const app = await runtime();
    const { shop } = await who(app, c);
    if (!shop) return c.text(UNAUTHORISED, 401);
    const { settings } = await loadSettings(app.pool, shop);
    const t = orderTexts(settings.language);
    const id = c.req.param("id");
    if (!(await loadBatch(app.pool, shop, id))) return c.text(t.noSuchBatch, 404);
    try {
      const asked = part(c.req.query("part"));
      const file = await batchLabelFile(app, shop, id, asked);
      if (!file) return c.text(asked === 1 ? t.noLabelsYet : t.noSuchPart, 404);
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
    const t = orderTexts(settings.language);
    const id = c.req.param("id");
    if (!(await loadBatch(app.pool, shop, id))) return c.text(t.noSuchBatch, 404);
    try {
      const service = c.req.query("service") ?? "";
      const file = await batchProtocol(app, shop, id, service, part(c.req.query("part")));
      if (!file) return c.text(t.noCarrierParcels, 404);
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
