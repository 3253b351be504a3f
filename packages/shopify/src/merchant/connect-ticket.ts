// A signed, expiring ticket that starts connecting a shop's shipping account
// without a Shopify session: code that already knows the shop (a merchant
// console, a demo) makes it, and the browser carries it to /connect. It holds
// the shop and where the browser goes once connected, signed (HMAC-SHA256)
// with the app's secret under a label of its own.
import { openTicket, sealTicket, type TicketKind } from "../auth/signed-ticket.ts";

const KIND: TicketKind = { prefix: "sbc1", label: "shipbridge-connect-ticket" };
/** How long a connect URL can be used. */
export const CONNECT_TICKET_SECONDS = 600;

export interface ConnectTicket {
  readonly shop: string;
  readonly returnTo: string | undefined;
}

export function makeConnectTicket(secret: string, ticket: ConnectTicket, nowMs: number): string {
  return sealTicket(secret, KIND, {
    shop: ticket.shop,
    returnTo: ticket.returnTo ?? null,
    exp: Math.floor(nowMs / 1000) + CONNECT_TICKET_SECONDS,
  });
}

/** The ticket's contents when it is ours, untampered and not expired; else undefined. */
export function verifyConnectTicket(
  secret: string,
  token: string,
  nowMs: number,
): ConnectTicket | undefined {
  const data = openTicket(secret, KIND, token);
  if (!data || typeof data.shop !== "string" || typeof data.exp !== "number") return undefined;
  if (data.exp * 1000 <= nowMs) return undefined;
  return {
    shop: data.shop,
    returnTo: typeof data.returnTo === "string" ? data.returnTo : undefined,
  };
}
