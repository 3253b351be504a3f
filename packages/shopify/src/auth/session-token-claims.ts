// Who a Shopify session token speaks for, once shopify-api has checked its
// signature (HS256 with the app's secret), audience and expiry: every token
// Shopify hands the app passes those checks, so its shape alone tells a
// merchant from a buyer. The admin's token (App Bridge, admin extensions)
// has `dest` the shop's https address, `iss` that address plus `/admin`, a
// staff member in `sub` and a session in `sid`. A buyer's token (checkout's
// thank-you page, customer accounts' order status) has `dest` a bare shop
// domain, no `iss` nor `sid`, and `sub` the signed-in customer's GID, if
// any. A buyer's token never proves a merchant.
import type { Shopify } from "@shopify/shopify-api";

type Claims = Record<string, unknown>;

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

/** The shop a merchant's (admin) token speaks for, or undefined for any other token. */
export function adminTokenShop(shopify: Shopify, claims: Claims): string | undefined {
  const dest = text(claims.dest);
  if (!dest || !text(claims.sub) || !text(claims.sid)) return undefined;
  if (claims.iss !== `${dest}/admin`) return undefined;
  let url: URL;
  try {
    url = new URL(dest);
  } catch {
    return undefined;
  }
  if (url.protocol !== "https:" || url.origin !== dest) return undefined;
  return shopify.utils.sanitizeShop(url.hostname) ?? undefined;
}

export interface Buyer {
  readonly shop: string;
  /** The signed-in customer's numeric id; undefined for a guest (the thank-you page). */
  readonly customerId: string | undefined;
}

/** The shop and customer a buyer's token speaks for, or undefined for any other token. */
export function buyerTokenOf(shopify: Shopify, claims: Claims): Buyer | undefined {
  if (claims.iss !== undefined || claims.sid !== undefined) return undefined;
  const dest = text(claims.dest);
  const shop = dest ? shopify.utils.sanitizeShop(dest) : undefined;
  if (!shop) return undefined;
  if (claims.sub === undefined) return { shop, customerId: undefined };
  const customerId = /^gid:\/\/shopify\/Customer\/(\d{1,20})$/.exec(text(claims.sub) ?? "")?.[1];
  return customerId ? { shop, customerId } : undefined;
}

/** The token's claims when shopify-api accepts it (signature, audience, expiry); else undefined. */
export async function sessionTokenClaims(
  shopify: Shopify,
  token: string,
): Promise<Claims | undefined> {
  try {
    return (await shopify.session.decodeSessionToken(token)) as unknown as Claims;
  } catch {
    return undefined;
  }
}
