// The settings pages' own proof of the shop, carried in their forms and
// links: Shopify's session token lapses after 60 s, so a form filled in for
// longer would be refused. Once a page was opened with a valid session
// token, its forms carry this token instead: the shop and an expiry, signed
// (HMAC-SHA256) with the app's secret under a label of its own, valid for an
// hour from the page's last load.
import { createHmac, timingSafeEqual } from "node:crypto";

const PREFIX = "sbf1";
/** How long a settings page's forms stay usable. */
export const FORM_TOKEN_SECONDS = 3600;

function sign(secret: string, body: string): string {
  return createHmac("sha256", secret)
    .update(`shipbridge-settings-form:${body}`)
    .digest("base64url");
}

export function isFormToken(token: string): boolean {
  return token.startsWith(`${PREFIX}.`);
}

export function makeFormToken(secret: string, shop: string, nowMs: number): string {
  const body = `${PREFIX}.${Buffer.from(shop).toString("base64url")}.${Math.floor(nowMs / 1000) + FORM_TOKEN_SECONDS}`;
  return `${body}.${sign(secret, body)}`;
}

/** The token's shop when it is ours, untampered and not expired; else undefined. */
export function verifyFormToken(secret: string, token: string, nowMs: number): string | undefined {
  const parts = token.split(".");
  if (parts.length !== 4 || parts[0] !== PREFIX) return undefined;
  const body = parts.slice(0, 3).join(".");
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(parts[3] ?? "");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  if (Number(parts[2]) * 1000 <= nowMs) return undefined;
  return Buffer.from(parts[1] ?? "", "base64url").toString();
}
