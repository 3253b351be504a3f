// The settings routes: the page, saving it (registering the checkout rate
// callback with carrierServiceCreate when rates are turned on), retrying an
// order that needs attention, and downloading a label. Every route first
// proves which shop is asking (session token or session cookie).
import type { Context, Hono } from "hono";
import { CARRIER_SERVICE_CREATE } from "../admin/documents.ts";
import type { AppRuntime } from "../app/create-shopify-app.ts";
import { currentShop } from "../auth/current-shop.ts";
import { makeFormToken } from "../auth/form-token.ts";
import type { ShopifyOrder } from "../mapping/shopify-order.ts";
import { shipShopifyOrder } from "../shipping/ship-shopify-order.ts";
import { loadSettings, saveSettings } from "../store/settings.ts";
import { listShipments, loadLabel, loadShipment } from "../store/shipments.ts";
import { shipJobId, WEBHOOK_QUEUE, type WebhookJob } from "../webhooks/jobs.ts";
import { readSettingsForm } from "./settings-form.ts";
import { type SettingsPageData, settingsPage } from "./settings-page.ts";

/** The name the rate callback is registered under in Shopify. */
export const CARRIER_SERVICE_NAME = "Shipbridge";

type Form = Record<string, string | File | (string | File)[]>;

async function who(app: AppRuntime, c: Context, form?: Form) {
  const now = app.config.now ?? Date.now;
  const shop = await currentShop(app.shopify, c.req.raw, form, now);
  const given =
    c.req.query("id_token") ?? (typeof form?.id_token === "string" ? form.id_token : undefined);
  // The page's forms and links carry the app's own token: Shopify's lapses in 60 s.
  const idToken =
    shop && given ? makeFormToken(app.shopify.config.apiSecretKey, shop, now()) : given;
  return { shop, idToken };
}

async function page(
  app: AppRuntime,
  shop: string,
  extra: Partial<SettingsPageData>,
  idToken?: string,
) {
  const { settings, connection } = await loadSettings(app.pool, shop);
  return settingsPage({
    shop,
    settings,
    connection,
    shipments: await listShipments(app.pool, shop),
    idToken,
    ...extra,
  });
}

function back(shop: string, idToken: string | undefined, extra = ""): string {
  return `/settings?shop=${encodeURIComponent(shop)}${idToken ? `&id_token=${encodeURIComponent(idToken)}` : ""}${extra}`;
}

export function settingsRoutes(hono: Hono, runtime: () => Promise<AppRuntime>): void {
  hono.get("/settings", async (c) => {
    const app = await runtime();
    const { shop, idToken } = await who(app, c);
    if (!shop) return c.text("Open the app from your Shopify admin.", 401);
    return c.html(
      await page(
        app,
        shop,
        { saved: c.req.query("saved") === "1", queued: c.req.query("queued") === "1" },
        idToken,
      ),
    );
  });

  hono.post("/settings", async (c) => {
    const app = await runtime();
    const form = (await c.req.parseBody({ all: true })) as Form;
    const { shop, idToken } = await who(app, c, form);
    if (!shop) return c.text("Open the app from your Shopify admin.", 401);
    const { settings: current } = await loadSettings(app.pool, shop);
    const { settings, problems } = readSettingsForm(form, current);
    if (problems.length > 0) return c.html(await page(app, shop, { problems }, idToken), 400);
    await saveSettings(app.pool, shop, settings);
    if (settings.ratesEnabled && !current.ratesEnabled) {
      const session = await app.sessions.get(shop);
      const graphql = new app.shopify.clients.Graphql({ session });
      const created = await graphql.request<{
        carrierServiceCreate: { userErrors: { message: string }[] };
      }>(CARRIER_SERVICE_CREATE, {
        variables: {
          input: {
            name: CARRIER_SERVICE_NAME,
            callbackUrl: new URL("/rates", app.config.appUrl).href,
            supportsServiceDiscovery: true,
            active: true,
          },
        },
      });
      const errors = created.data?.carrierServiceCreate.userErrors ?? [];
      // Already registered (turned off and on again) is fine; anything else is shown.
      if (errors.some((error) => !/already configured/i.test(error.message))) {
        const problems = errors.map((error) => ({
          field: "rates_enabled",
          message: error.message,
        }));
        return c.html(await page(app, shop, { problems }, idToken), 502);
      }
    }
    return c.redirect(back(shop, idToken, "&saved=1"), 303);
  });

  hono.post("/settings/retry", async (c) => {
    const app = await runtime();
    const form = (await c.req.parseBody({ all: true })) as Form;
    const { shop, idToken } = await who(app, c, form);
    if (!shop) return c.text("Open the app from your Shopify admin.", 401);
    const orderId = typeof form.order_id === "string" ? form.order_id : "";
    const { rows } = await app.pool.query(
      `SELECT payload FROM shipbridge_shopify_inbox
       WHERE shop = $1 AND topic LIKE 'orders/%' AND payload->>'id' = $2
       ORDER BY received_at DESC LIMIT 1`,
      [shop, orderId],
    );
    if (!rows[0]) return c.text("No such order.", 404);
    await shipShopifyOrder(app, shop, rows[0].payload as ShopifyOrder);
    return c.redirect(back(shop, idToken, `#order-${orderId}`), 303);
  });

  hono.post("/settings/ship", async (c) => {
    const app = await runtime();
    const form = (await c.req.parseBody({ all: true })) as Form;
    const { shop, idToken } = await who(app, c, form);
    if (!shop) return c.text("Open the app from your Shopify admin.", 401);
    const orderId = typeof form.order_id === "string" ? form.order_id : "";
    const row = await loadShipment(app.pool, shop, orderId);
    const { rows } = await app.pool.query(
      `SELECT webhook_id FROM shipbridge_shopify_inbox
       WHERE shop = $1 AND topic IN ('orders/create', 'orders/paid', 'orders/updated')
         AND payload->>'id' = $2
       ORDER BY received_at DESC LIMIT 1`,
      [shop, orderId],
    );
    if (!row || !rows[0]) return c.text("No such order.", 404);
    // Already on its way (or cancelled): nothing to queue. The job id is the
    // order's, so pressing twice, or on two instances, queues one job; and the
    // job ships through the same once-only path as the webhooks.
    if (row.status === "waiting") {
      await app.boss.send(
        WEBHOOK_QUEUE,
        { webhookId: rows[0].webhook_id, shop, ship: true } satisfies WebhookJob,
        { id: shipJobId(shop, orderId) },
      );
    }
    return c.redirect(back(shop, idToken, "&queued=1"), 303);
  });

  hono.get("/settings/label", async (c) => {
    const app = await runtime();
    const { shop } = await who(app, c);
    if (!shop) return c.text("Open the app from your Shopify admin.", 401);
    const label = await loadLabel(app.pool, shop, c.req.query("order") ?? "");
    if (!label) return c.text("No label for this order.", 404);
    return new Response(label.bytes.slice(), {
      headers: {
        "content-type": label.contentType,
        "content-disposition": `attachment; filename="label-${c.req.query("order")}.pdf"`,
      },
    });
  });
}
