// The routes the app's UI extensions call (`/extension-api/...`): the
// order-details block (the order's shipment, Ship and Retry, changing its
// pickup point, checked at the service before it is saved), the order
// list's "Ship with shipbridge" (a batch of the selected orders, and its
// progress), the print actions (a short-lived signed link to one file: an
// order's label, the selected orders' labels, or their batch's handover
// protocol), and the thank-you and order-status blocks (the order's pickup
// point). Every route but the signed documents proves the shop with
// Shopify's ID token, answers CORS (extensions run on Shopify's origins),
// refuses in English and Polish as JSON, and goes through the merchant's
// console (ShopMerchant), the same one way as the app's own pages.
import { createHash } from "node:crypto";
import { batchLabels } from "@shipbridge/core";
import type { Context, Hono } from "hono";
import { cors } from "hono/cors";
import { loadShopOrder } from "../admin/load-shop-order.ts";
import { batchFiles, batchProtocol, LABEL_FILES } from "../day/batch-documents.ts";
import { toStoreOrder } from "../mapping/to-store-order.ts";
import { type ShopMerchant, shopMerchant } from "../merchant/shop-merchant.ts";
import type { AppRuntime } from "../runtime/app-runtime.ts";
import { toLanguage } from "../settings/settings-view.ts";
import { pickupPointIssues } from "../shipping/check-pickup-point.ts";
import { loadPointChoice, savePointChoice, withPointChoice } from "../store/point-choices.ts";
import { loadSettings } from "../store/settings.ts";
import { buyerPoint } from "./buyer-point.ts";
import {
  type DocumentRequest,
  makeDocumentTicket,
  verifyDocumentTicket,
} from "./document-ticket.ts";
import { extensionShop } from "./extension-auth.ts";
import { type ExtensionLanguage, type RefusalCode, refusal } from "./extension-texts.ts";
import { hasParcel, notShipped, orderCard } from "./order-card.ts";

const BASE = "/extension-api";
/** Shopify lets a merchant select at most 250 orders at once. */
const MAX_SELECTED = 250;
const POINT_CODE = /^[A-Za-z0-9_-]{1,64}$/;

type Status = 400 | 401 | 404 | 409 | 410 | 422 | 503;

/** The numeric order id from a GID (`gid://shopify/Order/1`) or the id itself; undefined if neither. */
function orderIdOf(value: unknown): string | undefined {
  const text = typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
  return /^(?:gid:\/\/shopify\/(?:Order|OrderIdentity)\/)?(\d{1,20})$/.exec(text)?.[1];
}

function askedLanguage(c: Context): ExtensionLanguage | undefined {
  const asked = c.req.query("language")?.slice(0, 2).toLowerCase();
  return asked === "pl" || asked === "en" ? asked : undefined;
}

async function readJson(c: Context): Promise<Record<string, unknown> | undefined> {
  try {
    const body = await c.req.json();
    return body && typeof body === "object" && !Array.isArray(body) ? body : undefined;
  } catch {
    return undefined;
  }
}

interface Asker {
  readonly app: AppRuntime;
  readonly shop: string;
  readonly language: ExtensionLanguage;
  readonly merchant: ShopMerchant;
  refuse(code: RefusalCode, status: Status, issues?: Parameters<typeof refusal>[2]): Response;
}

export function extensionRoutes(hono: Hono, runtime: () => Promise<AppRuntime>): void {
  hono.use(
    `${BASE}/*`,
    cors({
      origin: "*",
      allowHeaders: ["Authorization", "Content-Type"],
      allowMethods: ["GET", "POST", "OPTIONS"],
      // An extension reads it to know a new ID token is worth a retry.
      exposeHeaders: ["X-Shopify-Retry-Invalid-Session-Request"],
      maxAge: 7200,
    }),
  );

  /** Runs `handle` for the shop the ID token proves; 401 (retry with a new token) otherwise. */
  const asShop =
    (handle: (c: Context, asker: Asker) => Promise<Response>) => async (c: Context) => {
      const asked = askedLanguage(c);
      const app = await ready(runtime);
      if (!app) return c.json(refusal("service_refused", asked ?? "en"), 503);
      const shop = await extensionShop(app.shopify, c.req.raw);
      if (!shop) {
        c.header("X-Shopify-Retry-Invalid-Session-Request", "1");
        return c.json(refusal("unauthorised", asked ?? "en"), 401);
      }
      const language =
        asked ?? ((await loadSettings(app.pool, shop)).settings.language === "en_GB" ? "en" : "pl");
      const asker: Asker = {
        app,
        shop,
        language,
        merchant: shopMerchant(runtime, shop),
        refuse: (code, status, issues) => c.json(refusal(code, language, issues), status),
      };
      try {
        return await handle(c, asker);
      } catch {
        // The service or Shopify failed (or the shop is not installed any
        // more): a clear refusal the extension can show, never a trace.
        return asker.refuse("service_refused", 503);
      }
    };

  const documentUrl = (app: AppRuntime, shop: string, document: DocumentRequest) => {
    const ticket = makeDocumentTicket(
      app.config.apiSecretKey,
      { shop, document },
      (app.config.now ?? Date.now)(),
    );
    return new URL(`${BASE}/documents/${ticket}`, app.config.appUrl).href;
  };

  const knownOrder = async (asker: Asker, id: string) =>
    (await asker.merchant.orders({ language: asker.language, limit: 500 })).find(
      (order) => order.orderId === id,
    );

  // The shop's language (the app's setting), for an extension's first words.
  hono.get(
    `${BASE}/shop`,
    asShop(async (c, asker) => c.json({ language: asker.language })),
  );

  // The order-details block: the order's shipment and the buttons that apply.
  hono.get(
    `${BASE}/orders/:id`,
    asShop(async (c, asker) => {
      const id = orderIdOf(c.req.param("id"));
      const order = id ? await knownOrder(asker, id) : undefined;
      if (!id || !order) return asker.refuse("unknown_order", 404);
      const labelUrl = hasParcel(order)
        ? documentUrl(asker.app, asker.shop, { kind: "labels", orderIds: [id] })
        : null;
      const choice = await loadPointChoice(asker.app.pool, asker.shop, id);
      c.header("cache-control", "no-store");
      return c.json({ language: asker.language, order: orderCard(order, choice, labelUrl) });
    }),
  );

  // Ship and Retry: the same job as the orders page's buttons (once, however often asked).
  hono.post(
    `${BASE}/orders/:id/ship`,
    asShop(async (c, asker) => {
      const id = orderIdOf(c.req.param("id"));
      const order = id ? await knownOrder(asker, id) : undefined;
      if (!id || !order) return asker.refuse("unknown_order", 404);
      if (order.status !== "waiting" && order.status !== "needs_attention") {
        return asker.refuse("not_shippable", 409);
      }
      await asker.merchant.ship(id);
      return c.json({ queued: true }, 202);
    }),
  );

  // Change pickup point: looked up at the service (open, of the order's
  // carrier) with the same check shipping makes, then saved for the
  // shipment to use.
  hono.post(
    `${BASE}/orders/:id/pickup-point`,
    asShop(async (c, asker) => {
      const id = orderIdOf(c.req.param("id"));
      const body = await readJson(c);
      const code = typeof body?.code === "string" ? body.code.trim() : "";
      if (!POINT_CODE.test(code)) {
        const message = refusal("point_code_missing", asker.language).message;
        return asker.refuse("point_code_missing", 400, [
          { path: "code", rule: "point_code", message },
        ]);
      }
      const order = id ? await knownOrder(asker, id) : undefined;
      if (!id || !order) return asker.refuse("unknown_order", 404);
      if (!notShipped(order)) return asker.refuse("not_shippable", 409);
      const { app, shop } = asker;
      const read = await loadShopOrder(app.shopify, await app.sessions.get(shop), id);
      if (!read) return asker.refuse("unknown_order", 404);
      const { settings } = await loadSettings(app.pool, shop);
      const mapped = toStoreOrder(read.order, { defaultService: settings.defaultService });
      const carrier = mapped.pickup_point?.carrier;
      if (!carrier) return asker.refuse("no_pickup_point", 409);
      const issues = await pickupPointIssues(app.connections.client(shop), {
        ...mapped,
        pickup_point: { code, carrier },
      });
      if (issues) {
        const inLanguage = issues[toLanguage(asker.language)] ?? [];
        return asker.refuse(
          "point_unavailable",
          422,
          inLanguage.map(({ path, rule, message }) => ({ path, rule, message })),
        );
      }
      await savePointChoice(app.pool, shop, id, { service: carrier, code });
      return c.json({ pickupPoint: { code, service: carrier } });
    }),
  );

  // "Ship with shipbridge": the selected orders as one batch. The same
  // orders in the same state are the same batch (a double click ships once).
  hono.post(
    `${BASE}/batches`,
    asShop(async (c, asker) => {
      const body = await readJson(c);
      const ids = Array.isArray(body?.orderIds) ? body.orderIds.map(orderIdOf) : [];
      if (ids.length === 0 || ids.length > MAX_SELECTED || ids.some((id) => id === undefined)) {
        return asker.refuse("no_orders", 400, [
          {
            path: "orderIds",
            rule: "selection",
            message: refusal("no_orders", asker.language).message,
          },
        ]);
      }
      const batch = await asker.merchant.shipBatch(ids as string[]);
      if (!batch) return asker.refuse("nothing_to_ship", 409);
      return c.json({ language: asker.language, batch }, 202);
    }),
  );

  // The batch's progress and each order's outcome, for the action's modal.
  hono.get(
    `${BASE}/batches/:id`,
    asShop(async (c, asker) => {
      const batch = await asker.merchant.batch(c.req.param("id") ?? "", {
        language: asker.language,
      });
      if (!batch) return asker.refuse("no_such_batch", 404);
      c.header("cache-control", "no-store");
      return c.json({ language: asker.language, batch });
    }),
  );

  // The print actions: what to print, each as a signed link (five minutes).
  hono.post(
    `${BASE}/print`,
    asShop(async (c, asker) => {
      const body = await readJson(c);
      const ids = Array.isArray(body?.orderIds) ? body.orderIds.map(orderIdOf) : [];
      const kind = body?.document;
      if (
        (kind !== "labels" && kind !== "protocol") ||
        ids.length === 0 ||
        ids.length > MAX_SELECTED ||
        ids.some((id) => id === undefined)
      ) {
        return asker.refuse("bad_request", 400);
      }
      const selected = new Set(ids as string[]);
      const { app, shop, merchant } = asker;
      if (kind === "labels") {
        const orders = await merchant.orders({ limit: 500 });
        const printable = orders.filter((order) => selected.has(order.orderId) && hasParcel(order));
        if (printable.length === 0) return asker.refuse("no_document", 404);
        const orderIds = printable.map((order) => order.orderId);
        return c.json({
          language: asker.language,
          documents: [
            {
              kind: "labels",
              orders: printable.map((order) => order.orderName),
              src: documentUrl(app, shop, { kind: "labels", orderIds }),
            },
          ],
        });
      }
      // The newest batch that shipped any selected order: its protocol, one file per carrier.
      for (const batch of await merchant.batches({ limit: 50 })) {
        const details = await merchant.batch(batch.id);
        if (!details?.orders.some((order) => selected.has(order.orderId))) continue;
        const files = await batchFiles(app, shop, batch.id);
        const documents = files.protocols.flatMap(({ service, parts }) =>
          Array.from({ length: parts }, (_, index) => ({
            kind: "protocol",
            service,
            part: index + 1,
            parts,
            src: documentUrl(app, shop, {
              kind: "protocol",
              batchId: batch.id,
              service,
              part: index + 1,
            }),
          })),
        );
        if (documents.length === 0) break;
        return c.json({ language: asker.language, batchId: batch.id, documents });
      }
      return asker.refuse("no_protocol", 404);
    }),
  );

  // A print link: the file itself, shown in the admin's print preview.
  hono.get(`${BASE}/documents/:ticket`, async (c) => {
    const asked = askedLanguage(c) ?? "en";
    const app = await ready(runtime);
    if (!app) return c.json(refusal("service_refused", asked), 503);
    const ticket = verifyDocumentTicket(
      app.config.apiSecretKey,
      c.req.param("ticket"),
      (app.config.now ?? Date.now)(),
    );
    if (!ticket) return c.json(refusal("link_expired", asked), 410);
    const { shop, document } = ticket;
    try {
      const file = await documentFile(app, shop, document);
      if (!file) return c.json(refusal("no_document", asked), 404);
      return new Response(file.body.slice(), {
        headers: {
          "content-type": file.contentType,
          "content-disposition": `inline; filename="${file.filename.replace(/[^\w.-]/g, "_")}"`,
          "cache-control": "no-store",
        },
      });
    } catch {
      return c.json(refusal("service_refused", asked), 503);
    }
  });

  // The thank-you and order-status blocks: the order's pickup point, for the buyer.
  hono.get(
    `${BASE}/pickup-point`,
    asShop(async (c, asker) => {
      const id = orderIdOf(c.req.query("order"));
      if (!id) return asker.refuse("unknown_order", 404);
      const { app, shop } = asker;
      const read = await loadShopOrder(app.shopify, await app.sessions.get(shop), id);
      if (!read) return asker.refuse("unknown_order", 404);
      const { settings } = await loadSettings(app.pool, shop);
      const order = withPointChoice(
        toStoreOrder(read.order, { defaultService: settings.defaultService }),
        await loadPointChoice(app.pool, shop, id),
      );
      c.header("cache-control", "no-store");
      return c.json({ point: await buyerPoint(app.connections.client(shop), order) });
    }),
  );
}

/** The app once set up, or undefined while it cannot be (its database not answering). */
async function ready(runtime: () => Promise<AppRuntime>): Promise<AppRuntime | undefined> {
  try {
    return await runtime();
  } catch {
    return undefined;
  }
}

/** The file a print link names, made (or fetched) now; undefined when there is nothing to print. */
async function documentFile(
  app: AppRuntime,
  shop: string,
  document: DocumentRequest,
): Promise<{ body: Uint8Array; contentType: string; filename: string } | undefined> {
  const merchant = shopMerchant(async () => app, shop);
  if (document.kind === "protocol") {
    return batchProtocol(app, shop, document.batchId, document.service, document.part);
  }
  const [only, ...rest] = document.orderIds;
  if (only !== undefined && rest.length === 0) {
    const label = await merchant.label(only);
    const extension = label?.contentType.includes("pdf") ? "pdf" : "txt";
    return label ? { ...label, filename: `label-${only}.${extension}` } : undefined;
  }
  const wanted = new Set(document.orderIds);
  const orders = await merchant.orders({ limit: 500 });
  const packageIds = orders
    .filter((order) => wanted.has(order.orderId) && hasParcel(order))
    .map((order) => Number(order.packageId));
  if (packageIds.length === 0) return undefined;
  const { settings } = await loadSettings(app.pool, shop);
  const digest = createHash("sha256").update(packageIds.sort().join(",")).digest("hex");
  return batchLabels(app.connections.client(shop), packageIds, {
    ...LABEL_FILES[settings.labelFormat],
    key: `${shop}:selection:${digest.slice(0, 32)}:labels:${settings.labelFormat}`,
    language: settings.language,
  });
}
