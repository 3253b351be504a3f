// Which shop's merchant is asking: an embedded app is given a session token
// (a Bearer header, which App Bridge adds to every fetch of the app's pages
// and which then alone decides; else App Bridge's `id_token` query parameter
// of a document load, or a form field), checked with shopify-api, or the
// pages' own longer-lived form token (form-token.ts); a buyer's token
// (session-token-claims.ts) proves nothing here; a standalone app reads
// the signed session cookie that auth.callback set, which proves a change
// (any method but GET and HEAD) only when the browser says it comes from
// the app's own pages (cookie-origin.ts). Undefined when neither proves a
// shop.
import type { Shopify } from "@shopify/shopify-api";
import { fromOwnPages } from "./cookie-origin.ts";
import { isFormToken, verifyFormToken } from "./form-token.ts";
import { adminTokenShop, sessionTokenClaims } from "./session-token-claims.ts";

export async function currentShop(
  shopify: Shopify,
  request: Request,
  form?: Record<string, unknown>,
  now: () => number = Date.now,
): Promise<string | undefined> {
  const fromForm = typeof form?.id_token === "string" ? form.id_token : undefined;
  const bearer = /^Bearer (.+)$/.exec(request.headers.get("authorization") ?? "")?.[1];
  const token = bearer ?? new URL(request.url).searchParams.get("id_token") ?? fromForm;
  if (token && isFormToken(token)) {
    return verifyFormToken(shopify.config.apiSecretKey, token, now());
  }
  if (token) {
    // A merchant's token alone: a buyer's (checkout, customer accounts) never opens a page.
    const claims = await sessionTokenClaims(shopify, token);
    return claims ? adminTokenShop(shopify, claims) : undefined;
  }
  if (shopify.config.isEmbeddedApp) return undefined;
  if (!fromOwnPages(shopify, request)) return undefined;
  try {
    const id = await shopify.session.getCurrentId({ isOnline: false, rawRequest: request });
    return id?.startsWith("offline_") ? id.slice("offline_".length) : undefined;
  } catch {
    return undefined;
  }
}
