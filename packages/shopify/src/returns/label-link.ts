// The address Shopify fetches a return parcel's label from, when the app
// attaches it to the return's reverse delivery (`labelInput.fileUrl`):
// `{appUrl}/returns/label/{token}`, where the token names the shop and the
// return and expires after LABEL_LINK_SECONDS, signed with HMAC-SHA256 under
// the app's API secret. Shopify downloads the file once, keeps its own copy
// (publicFileUrl) and shows it to the merchant and the customer, so the link
// need live only minutes; the label itself stays in the app's database, and a
// leaked link soon leads nowhere. (A staged upload would need the files scope
// and a second upload round trip for every label.)
import { createHmac, timingSafeEqual } from "node:crypto";

/** How long a label link works. */
export const LABEL_LINK_SECONDS = 15 * 60;

interface LinkBody {
  readonly s: string;
  readonly r: string;
  readonly e: number;
}

function sign(secret: string, body: string): string {
  return createHmac("sha256", secret).update(`shipbridge-return-label:${body}`).digest("base64url");
}

/** The label's address for Shopify, valid LABEL_LINK_SECONDS from `now` (ms). */
export function labelLink(
  appUrl: string,
  secret: string,
  shop: string,
  returnId: string,
  now: number,
): string {
  const body = Buffer.from(
    JSON.stringify({ s: shop, r: returnId, e: Math.floor(now / 1000) + LABEL_LINK_SECONDS }),
  ).toString("base64url");
  return new URL(`/returns/label/${body}.${sign(secret, body)}`, appUrl).href;
}

/** The shop and return a token names, or why it does not open the label. */
export function readLabelToken(
  secret: string,
  token: string,
  now: number,
): { shop: string; returnId: string } | "invalid" | "expired" {
  const [body, signature, ...rest] = token.split(".");
  if (!body || !signature || rest.length > 0) return "invalid";
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "invalid";
  let parsed: LinkBody;
  try {
    parsed = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as LinkBody;
  } catch {
    return "invalid";
  }
  if (typeof parsed.s !== "string" || typeof parsed.r !== "string" || typeof parsed.e !== "number")
    return "invalid";
  if (parsed.e * 1000 < now) return "expired";
  return { shop: parsed.s, returnId: parsed.r };
}
