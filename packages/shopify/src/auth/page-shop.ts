// Which shop a page, form or link of the app's own pages is for, and the
// token its forms and links carry on: Shopify's session token (App Bridge's
// `id_token`, or its Bearer header) lapses in 60 s, so once one proved the
// shop, the page's forms and links carry the app's own form token instead
// (renewed on each load), which keeps them usable without App Bridge.
import type { Shopify } from "@shopify/shopify-api";
import { noteAskingShop } from "./asking-shop.ts";
import { currentShop } from "./current-shop.ts";
import { makeFormToken } from "./form-token.ts";

export async function pageShop(
  shopify: Shopify,
  request: Request,
  form: Record<string, unknown> | undefined,
  now: () => number,
): Promise<{ shop: string | undefined; idToken: string | undefined }> {
  const shop = await currentShop(shopify, request, form, now);
  if (shop) noteAskingShop(request, shop);
  const given =
    new URL(request.url).searchParams.get("id_token") ??
    (typeof form?.id_token === "string" ? form.id_token : undefined) ??
    /^Bearer (.+)$/.exec(request.headers.get("authorization") ?? "")?.[1];
  const idToken = shop && given ? makeFormToken(shopify.config.apiSecretKey, shop, now()) : given;
  return { shop, idToken };
}
