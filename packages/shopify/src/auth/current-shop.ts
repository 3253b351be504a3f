// Which shop's merchant is asking: an embedded app is given a session token
// (a Bearer header, which App Bridge adds to every fetch of the app's pages
// and which then alone decides; else App Bridge's `id_token` query parameter
// of a document load, or a form field), checked with shopify-api, or the
// pages' own longer-lived form token (form-token.ts); a standalone app reads
// the signed session cookie that auth.callback set. Undefined when neither
// proves a shop.
import type { Shopify } from "@shopify/shopify-api";
import { isFormToken, verifyFormToken } from "./form-token.ts";

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
    try {
      const payload = await shopify.session.decodeSessionToken(token);
      return new URL(payload.dest).hostname;
    } catch {
      return undefined;
    }
  }
  if (shopify.config.isEmbeddedApp) return undefined;
  try {
    const id = await shopify.session.getCurrentId({ isOnline: false, rawRequest: request });
    return id?.startsWith("offline_") ? id.slice("offline_".length) : undefined;
  } catch {
    return undefined;
  }
}
