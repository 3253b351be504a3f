// The settings routes: the page, saving it (save-settings.ts: the same checks
// and carrier-service registration as ShopMerchant.updateSettings), shipping
// or retrying an order (queue-ship.ts), and downloading a label. Every route first
// proves which shop is asking (session token or session cookie).
import type { Context, Hono } from "hono";
import { pageShop } from "../auth/page-shop.ts";
import type { AppRuntime } from "../runtime/app-runtime.ts";
import { orderLabel } from "../shipping/order-label.ts";
import { queueShip } from "../shipping/queue-ship.ts";
import { loadSettings } from "../store/settings.ts";
import { listShipments } from "../store/shipments.ts";
import { PAGE_TEXTS, SETTINGS_UNAUTHORISED } from "./page-texts.ts";
import { CARRIER_SERVICE_REFUSED, isSettingsError, updateShopSettings } from "./save-settings.ts";
import { formPatch, formProblems } from "./settings-form.ts";
import { type SettingsPageData, settingsPage } from "./settings-page.ts";

type Form = Record<string, string | File | (string | File)[]>;

function who(app: AppRuntime, c: Context, form?: Form) {
  return pageShop(app.shopify, c.req.raw, form, app.config.now ?? Date.now);
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

/** The settings routes' texts in the shop's language. */
async function texts(app: AppRuntime, shop: string) {
  const { settings } = await loadSettings(app.pool, shop);
  return PAGE_TEXTS[settings.language] ?? PAGE_TEXTS.pl_PL;
}

function back(shop: string, idToken: string | undefined, extra = ""): string {
  return `/settings?shop=${encodeURIComponent(shop)}${idToken ? `&id_token=${encodeURIComponent(idToken)}` : ""}${extra}`;
}

export function settingsRoutes(hono: Hono, runtime: () => Promise<AppRuntime>): void {
  hono.get("/settings", async (c) => {
    const app = await runtime();
    const { shop, idToken } = await who(app, c);
    if (!shop) return c.text(SETTINGS_UNAUTHORISED, 401);
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
    if (!shop) return c.text(SETTINGS_UNAUTHORISED, 401);
    try {
      await updateShopSettings(app, shop, formPatch(form));
    } catch (error) {
      if (!isSettingsError(error)) throw error;
      const refused = error.issues.some((issue) => issue.rule === CARRIER_SERVICE_REFUSED);
      return c.html(
        await page(app, shop, { problems: formProblems(error.issues) }, idToken),
        refused ? 502 : 400,
      );
    }
    return c.redirect(back(shop, idToken, "&saved=1"), 303);
  });

  // Retry (an order that needs attention) and Ship (one waiting to be shipped
  // by hand) queue the same job as ShopMerchant.ship.
  for (const path of ["/settings/retry", "/settings/ship"] as const) {
    hono.post(path, async (c) => {
      const app = await runtime();
      const form = (await c.req.parseBody({ all: true })) as Form;
      const { shop, idToken } = await who(app, c, form);
      if (!shop) return c.text(SETTINGS_UNAUTHORISED, 401);
      const orderId = typeof form.order_id === "string" ? form.order_id : "";
      const queued = await queueShip(app, shop, orderId);
      if (queued === "unknown_order") return c.text((await texts(app, shop)).noSuchOrder, 404);
      if (queued === "refused_order") return c.text((await texts(app, shop)).refusedOrder, 404);
      return c.redirect(back(shop, idToken, "&queued=1"), 303);
    });
  }

  hono.get("/settings/label", async (c) => {
    const app = await runtime();
    const { shop } = await who(app, c);
    if (!shop) return c.text(SETTINGS_UNAUTHORISED, 401);
    const orderId = c.req.query("order") ?? "";
    const label = await orderLabel(app, shop, orderId);
    if (!label) return c.text((await texts(app, shop)).noLabel, 404);
    const extension = label.contentType.includes("zpl") ? "zpl" : "pdf";
    return new Response(label.bytes.slice(), {
      headers: {
        "content-type": label.contentType,
        "content-disposition": `attachment; filename="label-${orderId.replace(/[^\w-]/g, "")}.${extension}"`,
      },
    });
  });
}
