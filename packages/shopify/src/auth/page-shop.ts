// Which shop a page, form or link of the app's own pages is for, and the
// token its forms and links carry on: Shopify's session token (App Bridge's
// `id_token`, or its Bearer header) lapses in 60 s, so once one proved the
// shop, the page's forms and links carry the app's own form token instead,
// which keeps them usable without App Bridge. Only a Shopify session token
// mints one: a page loaded with a form token carries that same token on,
// so it lapses an hour after the session token that made it, however often
// the page is reloaded (a leaked link does not live on).
import type { Shopify } from "@shopify/shopify-api";
import { noteAskingShop } from "./asking-shop.ts";
import { currentShop } from "./current-shop.ts";
import { isFormToken, makeFormToken } from "./form-token.ts";

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
  const minted = shop && given && !isFormToken(given);
  const idToken = minted ? makeFormToken(shopify.config.apiSecretKey, shop, now()) : given;
  return { shop, idToken };
}
