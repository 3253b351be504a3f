// Who an extension's request is for: Shopify's ID token in
// `Authorization: Bearer` (the admin adds it to an admin extension's fetch;
// a thank-you or order-status extension sends `shopify.sessionToken.get()`),
// verified with shopify-api's decodeSessionToken (HS256 with the app's
// secret, its audience the app's key, not expired), then told apart by its
// shape (auth/session-token-claims.ts): the admin routes take a merchant's
// token alone, the buyer's route a buyer's token alone.
import type { Shopify } from "@shopify/shopify-api";
import {
  adminTokenShop,
  type Buyer,
  buyerTokenOf,
  sessionTokenClaims,
} from "../auth/session-token-claims.ts";

async function claimsOf(shopify: Shopify, request: Request) {
  const token = /^Bearer (\S+)$/.exec(request.headers.get("authorization") ?? "")?.[1];
  return token ? sessionTokenClaims(shopify, token) : undefined;
}

/** The shop a merchant's token proves, or undefined (no token, a bad one, or a buyer's). */
export async function extensionShop(
  shopify: Shopify,
  request: Request,
): Promise<string | undefined> {
  const claims = await claimsOf(shopify, request);
  return claims ? adminTokenShop(shopify, claims) : undefined;
}

/** The shop and customer a buyer's token proves, or undefined (no token, a bad one, or a merchant's). */
export async function extensionBuyer(
  shopify: Shopify,
  request: Request,
): Promise<Buyer | undefined> {
  const claims = await claimsOf(shopify, request);
  return claims ? buyerTokenOf(shopify, claims) : undefined;
}
