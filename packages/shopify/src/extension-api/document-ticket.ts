// The short-lived signed address of a document a print action shows: the
// admin loads a print action's `src` itself, without the extension's ID
// token, so the address carries its own proof instead. The ticket names
// the shop and the document, expires after five minutes, and is signed
// (HMAC-SHA256) with the app's secret under a label of its own, so it
// cannot be made for another shop or document, nor kept for later.
import { createHmac, timingSafeEqual } from "node:crypto";

const PREFIX = "sbd1";
/** How long a print link works. */
export const DOCUMENT_TICKET_SECONDS = 300;

/** One order's label; the labels of several orders as one file; a batch's carrier protocol. */
export type DocumentRequest =
  | { readonly kind: "labels"; readonly orderIds: readonly string[] }
  | {
      readonly kind: "protocol";
      readonly batchId: string;
      readonly service: string;
      readonly part: number;
    };

export interface DocumentTicket {
  readonly shop: string;
  readonly document: DocumentRequest;
}

function sign(secret: string, body: string): string {
  return createHmac("sha256", secret).update(`shipbridge-document:${body}`).digest("base64url");
}

export function makeDocumentTicket(secret: string, ticket: DocumentTicket, nowMs: number): string {
  const expires = Math.floor(nowMs / 1000) + DOCUMENT_TICKET_SECONDS;
  const payload = Buffer.from(JSON.stringify({ ...ticket, expires })).toString("base64url");
  const body = `${PREFIX}.${payload}`;
  return `${body}.${sign(secret, body)}`;
}

/** The ticket when it is ours, untampered and not expired; else undefined. */
export function verifyDocumentTicket(
  secret: string,
  token: string,
  nowMs: number,
): DocumentTicket | undefined {
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== PREFIX) return undefined;
  const body = `${parts[0]}.${parts[1]}`;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(parts[2] ?? "");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const read = JSON.parse(Buffer.from(parts[1] ?? "", "base64url").toString("utf8"));
    if (typeof read.expires !== "number" || read.expires * 1000 <= nowMs) return undefined;
    return { shop: read.shop, document: read.document };
  } catch {
    return undefined;
  }
}
