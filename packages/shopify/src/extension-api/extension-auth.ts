// Which shop an extension's request is for: Shopify's ID token in
// `Authorization: Bearer` (the admin adds it to an admin extension's fetch;
// a thank-you or order-status extension sends `shopify.sessionToken.get()`),
// verified with shopify-api's decodeSessionToken (HS256 with the app's
// secret, its audience the app's key, not expired). The shop is the token's
// `dest`: a URL in the admin's tokens, a bare domain in checkout's.
import type { Shopify } from "@shopify/shopify-api";

export async function extensionShop(
  shopify: Shopify,
  request: Request,
): Promise<string | undefined> {
  const token = /^Bearer (\S+)$/.exec(request.headers.get("authorization") ?? "")?.[1];
  if (!token) return undefined;
  try {
    const payload = await shopify.session.decodeSessionToken(token);
    const dest = String(payload.dest ?? "");
    const host = dest.includes("://") ? new URL(dest).hostname : dest;
    return shopify.utils.sanitizeShop(host) ?? undefined;
  } catch {
    return undefined;
  }
}
