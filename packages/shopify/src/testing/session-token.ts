// The session tokens (HS256 JWTs signed with the app's secret) that Shopify's
// admin hands an embedded app, and that token exchange trades for an access
// token: made here as App Bridge would, and checked as Shopify's token
// endpoint does. Also a buyer's token, as checkout (thank-you) and customer
// accounts (order status) hand their extensions: the same signature and
// audience, but `dest` a bare shop domain, no `iss` nor `sid`, and `sub` the
// signed-in customer's GID, if any.
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";

export interface SessionTokenOptions {
  readonly apiKey: string;
  readonly apiSecretKey: string;
  readonly shop: string;
  /** The staff member's id. */
  readonly userId?: string;
  /** Milliseconds since the epoch. Default Date.now. */
  readonly now?: () => number;
}

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString("base64url");
}

function signed(secret: string, claims: Record<string, unknown>): string {
  const header = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const payload = base64url(JSON.stringify(claims));
  const signature = createHmac("sha256", secret).update(`${header}.${payload}`).digest("base64url");
  return `${header}.${payload}.${signature}`;
}

/** A session token for `shop`, valid for one minute. */
export function makeSessionToken(options: SessionTokenOptions): string {
  const now = Math.floor((options.now ?? Date.now)() / 1000);
  return signed(options.apiSecretKey, {
    iss: `https://${options.shop}/admin`,
    dest: `https://${options.shop}`,
    aud: options.apiKey,
    sub: options.userId ?? "42",
    exp: now + 60,
    nbf: now - 5,
    iat: now,
    jti: randomUUID(),
    sid: randomUUID(),
  });
}

export interface BuyerTokenOptions {
  readonly apiKey: string;
  readonly apiSecretKey: string;
  readonly shop: string;
  /** The signed-in customer's id (`sub` as `gid://shopify/Customer/<id>`); none for a guest. */
  readonly customerId?: string;
  /** Milliseconds since the epoch. Default Date.now. */
  readonly now?: () => number;
}

/** A buyer's session token for `shop` (checkout or customer accounts), valid for five minutes. */
export function makeBuyerSessionToken(options: BuyerTokenOptions): string {
  const now = Math.floor((options.now ?? Date.now)() / 1000);
  return signed(options.apiSecretKey, {
    dest: options.shop,
    aud: options.apiKey,
    ...(options.customerId ? { sub: `gid://shopify/Customer/${options.customerId}` } : {}),
    exp: now + 300,
    nbf: now - 5,
    iat: now,
    jti: randomUUID(),
  });
}

/** Whether `token` is a current session token of `shop` signed with the app's secret. */
export function verifySessionToken(token: string, options: SessionTokenOptions): boolean {
  const [header, payload, signature] = token.split(".");
  if (!header || !payload || !signature) return false;
  const expected = createHmac("sha256", options.apiSecretKey)
    .update(`${header}.${payload}`)
    .digest();
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<
    string,
    unknown
  >;
  const now = Math.floor((options.now ?? Date.now)() / 1000);
  return (
    claims.aud === options.apiKey &&
    claims.dest === `https://${options.shop}` &&
    typeof claims.exp === "number" &&
    claims.exp > now
  );
}
