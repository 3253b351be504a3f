// Every package of the account, read page by page (GET /packages, 500 a
// page). The service's list has no date filter, so the reckoning reads the
// whole list and picks the range itself; it needs the whole list anyway to
// see an order's earlier package outside the range.
//
// The list moves while it is read (a batch ships as the day is reckoned),
// and a service may answer fewer than asked. So the reading goes on while
// the total says more packages exist (a short page ends it only when there
// is no total), a package seen on two pages counts once (its later reading
// kept), and an empty page, or one that brings nothing new, ends it.
import type { CallOptions, ShippingClient } from "../api/index.ts";
import type { PackageDetailsV2 } from "../schemas/index.ts";

export const LIST_PAGE_SIZE = 500;

/** One page of the list: its packages and, when the service says, how many there are in all. */
export interface ListPage {
  readonly packages: readonly PackageDetailsV2[];
  readonly total?: number | null | undefined;
}

/** Every package of the pages `read` gives (page 1, 2, ...), each once, in the order first seen. */
export async function readAllPages(
  read: (page: number) => Promise<ListPage>,
  pageSize: number,
): Promise<PackageDetailsV2[]> {
  const byId = new Map<number, PackageDetailsV2>();
  for (let page = 1; ; page++) {
    const answer = await read(page);
    const before = byId.size;
    for (const pkg of answer.packages) byId.set(pkg.package_id, pkg);
    if (answer.packages.length === 0 || byId.size === before) break;
    const total = answer.total ?? undefined;
    if (total === undefined ? answer.packages.length < pageSize : byId.size >= total) break;
  }
  return [...byId.values()];
}

export async function accountPackages(
  client: ShippingClient,
  call: Omit<CallOptions, "version">,
): Promise<PackageDetailsV2[]> {
  return readAllPages(
    (page) => client.packages.list({ limit: LIST_PAGE_SIZE, page }, call),
    LIST_PAGE_SIZE,
  );
}
