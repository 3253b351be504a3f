// The install routes. `/` (the admin's address for the app) passes a load
// on to /app or /auth. Standalone: /auth starts the authorization-code flow
// and /auth/callback completes it. Embedded: /app trades the session token
// for an offline token (token exchange). Both always ask for expiring
// offline tokens, and keep the session in the PostgreSQL session storage.
// Then /connect and /connect/callback link the shop's shipping-service
// account through core's OAuthClient (authorization code); the service's
// pages are asked for `?lang=pl|en` of /connect, else the shop's language
// (ui_locales). What they refuse they refuse in Polish and English
// (route-refusal.ts).
import { randomBytes } from "node:crypto";
import { negotiateLanguage } from "@shipbridge/core";
import { RequestedTokenType, type Shopify } from "@shopify/shopify-api";
import type { Hono } from "hono";
import { getSignedCookie, setSignedCookie } from "hono/cookie";
import { currentShop } from "../auth/current-shop.ts";
import { isFormToken } from "../auth/form-token.ts";
import { verifyConnectTicket } from "../merchant/connect-ticket.ts";
import { isInstalled, ShopNotInstalledError } from "../merchant/installed-shop.ts";
import type { AppRuntime } from "../runtime/app-runtime.ts";
import { loadSettings, setConnection } from "../store/settings.ts";
import { trackingSecret, trackingUrl } from "../tracking/tracking-secret.ts";
import { adminAddress } from "./admin-api-address.ts";
import { ROUTE_REFUSALS, refusal } from "./route-refusal.ts";

const CONNECT_COOKIE = "shipbridge_connect";

/**
 * The request without its User-Agent: shopify-api answers 410 to `/auth`
 * (and refuses `/auth/callback`) for any agent `isbot` names, Node's fetch
 * and curl among them, so a script could not install. What makes an install
 * safe is the signed state cookie, the callback's HMAC and the code's
 * exchange with the app's secret, none of which reads the agent.
 */
function withoutUserAgent(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete("user-agent");
  return new Request(request.url, { method: request.method, headers });
}

export function installRoutes(
  hono: Hono,
  shopify: Shopify,
  runtime: () => Promise<AppRuntime>,
  /** The simulated Shopify the app is pointed at (`ShopifyAppConfig.adminApiUrl`), if any. */
  adminApiUrl?: string,
): void {
  const secret = shopify.config.apiSecretKey;

  // The app's address itself, which the admin opens (the TOML's
  // application_url): an embedded app's load goes on to /app with App
  // Bridge's id_token and the rest of its query, a standalone app's to /auth.
  hono.get("/", (c) => {
    const url = new URL(c.req.url);
    const shop = shopify.utils.sanitizeShop(url.searchParams.get("shop") ?? "");
    if (!shop) return refusal(400, ROUTE_REFUSALS.openFromAdmin);
    if (shopify.config.isEmbeddedApp) return c.redirect(`/app${url.search}`);
    return c.redirect(`/auth?shop=${encodeURIComponent(shop)}`);
  });

  hono.get("/auth", async (c) => {
    const shop = shopify.utils.sanitizeShop(c.req.query("shop") ?? "");
    if (!shop) return refusal(400, ROUTE_REFUSALS.badShop);
    const begun = (await shopify.auth.begin({
      shop,
      callbackPath: "/auth/callback",
      isOnline: false,
      rawRequest: withoutUserAgent(c.req.raw),
    })) as Response;
    // Pointed at a simulated Shopify, the browser goes to its authorize page too.
    const location = begun.headers.get("location");
    if (!location || !adminApiUrl) return begun;
    const headers = new Headers(begun.headers);
    headers.set("location", adminAddress(adminApiUrl, location));
    return new Response(begun.body, { status: begun.status, headers });
  });

  hono.get("/auth/callback", async (c) => {
    const app = await runtime();
    let result: Awaited<ReturnType<Shopify["auth"]["callback"]>>;
    try {
      result = await shopify.auth.callback({
        rawRequest: withoutUserAgent(c.req.raw),
        expiring: true,
      });
    } catch {
      return refusal(400, ROUTE_REFUSALS.installFailed);
    }
    await app.storage.storeSession(result.session);
    const headers = new Headers(result.headers as HeadersInit);
    headers.set("location", `/settings?shop=${encodeURIComponent(result.session.shop)}`);
    return new Response(null, { status: 302, headers });
  });

  // The embedded app's entry: App Bridge loads it with a session token.
  hono.get("/app", async (c) => {
    const app = await runtime();
    const sessionToken = c.req.query("id_token");
    // Token exchange takes Shopify's session token alone, never the pages' form token.
    const shop =
      sessionToken && !isFormToken(sessionToken)
        ? await currentShop(shopify, c.req.raw)
        : undefined;
    if (!sessionToken || !shop) return refusal(401, ROUTE_REFUSALS.openFromAdmin);
    const existing = await app.storage.loadSession(shopify.session.getOfflineId(shop));
    if (!existing?.accessToken) {
      const { session } = await shopify.auth.tokenExchange({
        shop,
        sessionToken,
        requestedTokenType: RequestedTokenType.OfflineAccessToken,
        expiring: true,
      });
      await app.storage.storeSession(session);
    }
    return c.redirect(
      `/settings?shop=${encodeURIComponent(shop)}&id_token=${encodeURIComponent(sessionToken)}`,
    );
  });

  // Started from the settings page (the merchant's session), or from a
  // ShopMerchant.connectUrl ticket that names the shop and where to go after.
  hono.get("/connect", async (c) => {
    const app = await runtime();
    const given = c.req.query("ticket");
    const ticket = given
      ? verifyConnectTicket(secret, given, (app.config.now ?? Date.now)())
      : undefined;
    if (given && !ticket) return refusal(401, ROUTE_REFUSALS.connectLinkExpired);
    const shop = ticket?.shop ?? (await currentShop(shopify, c.req.raw));
    if (!shop) return refusal(401, ROUTE_REFUSALS.connectWithoutShop);
    // A ticket or a session cookie may outlive the install (app/uninstalled).
    if (!(await isInstalled(app, shop))) {
      return refusal(403, new ShopNotInstalledError(shop).messages);
    }
    const state = randomBytes(24).toString("base64url");
    const shopLanguage = (await loadSettings(app.pool, shop)).settings.language;
    const uiLocales = negotiateLanguage(
      c.req.query("lang"),
      undefined,
      shopLanguage === "en_GB" ? "en" : "pl",
    );
    const { url } = app.connections.oauth(shop).authorizationUrl({ state, uiLocales });
    const returnTo = ticket?.returnTo ? encodeURIComponent(ticket.returnTo) : "";
    await setSignedCookie(c, CONNECT_COOKIE, `${shop} ${state} ${returnTo}`.trim(), secret, {
      httpOnly: true,
      // Secure cookies need https, except on a local http address during development.
      secure: new URL(app.config.appUrl).protocol === "https:",
      sameSite: "Lax",
      path: "/connect",
      maxAge: 600,
    });
    return c.redirect(url);
  });

  hono.get("/connect/callback", async (c) => {
    const app = await runtime();
    const cookie = await getSignedCookie(c, secret, CONNECT_COOKIE);
    const [shop, state, returnTo] = typeof cookie === "string" ? cookie.split(" ") : [];
    if (!shop || !state) return refusal(400, ROUTE_REFUSALS.connectExpired);
    try {
      await app.connections.oauth(shop).handleRedirect(c.req.url, state);
    } catch {
      return refusal(400, ROUTE_REFUSALS.connectFailed);
    }
    await setConnection(app.pool, shop, "connected");
    // Tracking pushes come to this app; the secret is the shop's own.
    await app.connections
      .client(shop)
      .account.setTrackingWebhook({
        url: trackingUrl(app.config.appUrl, shop),
        secret: trackingSecret(shopify.config.apiSecretKey, shop),
      })
      .catch(() => {
        // The reconcile job still reads tracking; a later connect registers again.
      });
    return c.redirect(
      returnTo ? decodeURIComponent(returnTo) : `/settings?shop=${encodeURIComponent(shop)}`,
    );
  });
}
