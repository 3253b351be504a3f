// A signed ticket the app hands out and later takes back (a print link, a
// connect link): `<prefix>.<JSON payload, base64url>.<signature>`, the
// signature an HMAC-SHA256 of the first two parts under the app's secret and
// a label of the ticket's own kind, so one kind is never taken for another.
// What the payload holds, and when it expires, is the kind's to say.
import { createHmac, timingSafeEqual } from "node:crypto";

/** One kind of ticket: its prefix and the label its signature is made under. */
export interface TicketKind {
  readonly prefix: string;
  readonly label: string;
}

function sign(secret: string, kind: TicketKind, body: string): string {
  return createHmac("sha256", secret).update(`${kind.label}:${body}`).digest("base64url");
}

/** The ticket carrying `payload`, signed. */
export function sealTicket(secret: string, kind: TicketKind, payload: unknown): string {
  const body = `${kind.prefix}.${Buffer.from(JSON.stringify(payload)).toString("base64url")}`;
  return `${body}.${sign(secret, kind, body)}`;
}

/** The ticket's payload when it is of this kind and untampered; else undefined. */
export function openTicket(
  secret: string,
  kind: TicketKind,
  token: string,
): Record<string, unknown> | undefined {
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== kind.prefix) return undefined;
  const expected = Buffer.from(sign(secret, kind, `${parts[0]}.${parts[1]}`));
  const given = Buffer.from(parts[2] ?? "");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const read: unknown = JSON.parse(Buffer.from(parts[1] ?? "", "base64url").toString("utf8"));
    return typeof read === "object" && read !== null
      ? (read as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
