// The short-lived signed address of a document a print action shows: the
// admin loads a print action's `src` itself, without the extension's ID
// token, so the address carries its own proof instead. The ticket names
// the shop and the document, expires after five minutes, and is signed
// (HMAC-SHA256) with the app's secret under a label of its own, so it
// cannot be made for another shop or document, nor kept for later.
import { openTicket, sealTicket, type TicketKind } from "../auth/signed-ticket.ts";

const KIND: TicketKind = { prefix: "sbd1", label: "shipbridge-document" };
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

export function makeDocumentTicket(secret: string, ticket: DocumentTicket, nowMs: number): string {
  const expires = Math.floor(nowMs / 1000) + DOCUMENT_TICKET_SECONDS;
  return sealTicket(secret, KIND, { ...ticket, expires });
}

/** The ticket when it is ours, untampered and not expired; else undefined. */
export function verifyDocumentTicket(
  secret: string,
  token: string,
  nowMs: number,
): DocumentTicket | undefined {
  const read = openTicket(secret, KIND, token);
  if (!read || typeof read.expires !== "number" || read.expires * 1000 <= nowMs) return undefined;
  return { shop: read.shop as string, document: read.document as DocumentRequest };
}
