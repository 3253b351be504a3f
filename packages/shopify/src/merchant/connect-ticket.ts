// A signed, expiring ticket that starts connecting a shop's shipping account
// without a Shopify session: code that already knows the shop (a merchant
// console, a demo) makes it, and the browser carries it to /connect. It holds
// the shop and where the browser goes once connected, signed (HMAC-SHA256)
// with the app's secret under a label of its own.
import { createHmac, timingSafeEqual } from "node:crypto";

const PREFIX = "sbc1";
/** How long a connect URL can be used. */
export const CONNECT_TICKET_SECONDS = 600;

function sign(secret: string, body: string): string {
  return createHmac("sha256", secret)
    .update(`shipbridge-connect-ticket:${body}`)
    .digest("base64url");
}

export interface ConnectTicket {
  readonly shop: string;
  readonly returnTo: string | undefined;
}

export function makeConnectTicket(secret: string, ticket: ConnectTicket, nowMs: number): string {
  const payload = Buffer.from(
    JSON.stringify({
      shop: ticket.shop,
      returnTo: ticket.returnTo ?? null,
      exp: Math.floor(nowMs / 1000) + CONNECT_TICKET_SECONDS,
    }),
  ).toString("base64url");
  const body = `${PREFIX}.${payload}`;
  return `${body}.${sign(secret, body)}`;
}

/** The ticket's contents when it is ours, untampered and not expired; else undefined. */
export function verifyConnectTicket(
  secret: string,
  token: string,
  nowMs: number,
): ConnectTicket | undefined {
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== PREFIX) return undefined;
  const body = `${parts[0]}.${parts[1]}`;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(parts[2] ?? "");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const data = JSON.parse(Buffer.from(parts[1] ?? "", "base64url").toString()) as {
      shop?: unknown;
      returnTo?: unknown;
      exp?: unknown;
    };
    if (typeof data.shop !== "string" || typeof data.exp !== "number") return undefined;
    if (data.exp * 1000 <= nowMs) return undefined;
    return {
      shop: data.shop,
      returnTo: typeof data.returnTo === "string" ? data.returnTo : undefined,
    };
  } catch {
    return undefined;
  }
}
