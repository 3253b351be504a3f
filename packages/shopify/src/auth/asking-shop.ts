// The shop a request was proved to come from, kept beside the request for
// the headers of its answer: an embedded document may be framed by that
// shop's admin alone (embedded-documents.ts), never by a shop a query names.
const proven = new WeakMap<Request, string>();

export function noteAskingShop(request: Request, shop: string): void {
  proven.set(request, shop);
}

/** The shop proved for `request`, if a route proved one. */
export function askingShop(request: Request): string | undefined {
  return proven.get(request);
}
