// What makes the app's pages an embedded Shopify app, in one place for
// every document: App Bridge and Polaris from Shopify's CDN first in
// `<head>` with the app's `shopify-api-key`, then the script that sends
// forms and links through App Bridge's fetch (session-fetch-script.ts);
// `Content-Security-Policy: frame-ancestors` naming the asking shop's admin
// (a standalone app's pages may not be framed at all); `Referrer-Policy:
// no-referrer` (a page's address carries its token, which must not leave
// with a link to another site); `Link` headers that
// preload both scripts; the bounce page (`/auth/session-token`) a document
// loaded with `embedded=1` and no `id_token` goes through to get one; and a
// 401 App Bridge retries with a fresh token when a request's Bearer token
// was refused.
import type { Shopify } from "@shopify/shopify-api";
import type { Hono } from "hono";
import { askingShop } from "./asking-shop.ts";
import { sessionFetchScript } from "./session-fetch-script.ts";

/** App Bridge: it must load from here, unversioned (it updates itself), with no async, defer or module. */
export const APP_BRIDGE_URL = "https://cdn.shopify.com/shopifycloud/app-bridge.js";
/**
 * Polaris web components, major version 1: the channel that follows 1.x
 * (fixes, no breaking changes), the same major as `@shopify/polaris-types`
 * 1.x; the unversioned `polaris.js` may move to 2.0 under the pages.
 */
export const POLARIS_URL = "https://cdn.shopify.com/shopifycloud/polaris-1.js";

export const BOUNCE_PATH = "/auth/session-token";
export const RETRY_HEADER = "X-Shopify-Retry-Invalid-Session-Request";

function attribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

/** The tags an embedded document's `<head>` starts with. */
export function embeddedHead(apiKey: string): string {
  return (
    `<meta name="shopify-api-key" content="${attribute(apiKey)}" />` +
    `<script src="${APP_BRIDGE_URL}"></script>` +
    `<script src="${POLARIS_URL}"></script>` +
    sessionFetchScript()
  );
}

/** `document` with the embedded head tags first in its `<head>`. */
export function withEmbeddedHead(document: string, apiKey: string): string {
  const head = /<head(\s[^>]*)?>/i.exec(document);
  if (!head) return document;
  const at = head.index + head[0].length;
  return document.slice(0, at) + embeddedHead(apiKey) + document.slice(at);
}

export function frameAncestors(embedded: boolean, shop: string | undefined): string {
  if (!embedded) return "frame-ancestors 'none'";
  return `frame-ancestors ${shop ? `https://${shop} ` : ""}https://admin.shopify.com`;
}

const PRELOAD = [APP_BRIDGE_URL, POLARIS_URL]
  .map((url) => `<${url}>; rel="preload"; as="script"`)
  .join(", ");

function bouncePage(apiKey: string): string {
  return `<!doctype html>
<html><head><meta charset="utf-8" /><meta name="shopify-api-key" content="${attribute(apiKey)}" /><script data-api-key="${attribute(apiKey)}" src="${APP_BRIDGE_URL}"></script></head><body></body></html>`;
}

/** Registers the bounce page and the middleware of every document (before the routes). */
export function embeddedDocuments(hono: Hono, shopify: Shopify, appUrl: string): void {
  const embedded = shopify.config.isEmbeddedApp;
  const apiKey = shopify.config.apiKey;
  const origin = new URL(appUrl).origin;

  hono.use("*", async (c, next) => {
    const url = new URL(c.req.url);
    // Shopify's admin loads a page with `embedded=1`; without a token it
    // goes through App Bridge on the bounce page, which loads it again with one.
    if (
      embedded &&
      c.req.method === "GET" &&
      url.searchParams.get("embedded") === "1" &&
      !url.searchParams.has("id_token") &&
      url.pathname !== BOUNCE_PATH
    ) {
      const params = new URLSearchParams(url.search);
      params.set("shopify-reload", `${origin}${url.pathname}${url.search}`);
      return c.redirect(`${BOUNCE_PATH}?${params}`, 302);
    }
    await next();
    const bearer = /^Bearer /.test(c.req.header("authorization") ?? "");
    const retry = c.res.status === 401 && bearer;
    const html = /^text\/html/i.test(c.res.headers.get("content-type") ?? "");
    if ((!retry && !html) || url.pathname === BOUNCE_PATH) return;
    const headers = new Headers(c.res.headers);
    if (retry) headers.set(RETRY_HEADER, "1");
    let body: BodyInit | null = c.res.body;
    if (html) {
      headers.set("content-security-policy", frameAncestors(embedded, askingShop(c.req.raw)));
      headers.set("referrer-policy", "no-referrer");
      if (embedded) {
        headers.append("link", PRELOAD);
        headers.delete("content-length");
        body = withEmbeddedHead(await c.res.text(), apiKey);
      }
    }
    const status = c.res.status;
    // Hono copies the old answer's headers onto a new one: drop it first.
    c.res = undefined;
    c.res = new Response(body, { status, headers });
  });

  hono.get(BOUNCE_PATH, (c) => {
    const shop = shopify.utils.sanitizeShop(c.req.query("shop") ?? "");
    c.header("cache-control", "no-store");
    c.header("content-security-policy", frameAncestors(embedded, shop ?? undefined));
    c.header("referrer-policy", "no-referrer");
    c.header("link", PRELOAD);
    return c.body(bouncePage(apiKey), 200, { "content-type": "text/html; charset=UTF-8" });
  });
}
