// Every package of the account, read page by page (GET /packages, 500 a
// page). The service's list has no date filter, so the reckoning reads the
// whole list and picks the range itself; it needs the whole list anyway to
// see an order's earlier package outside the range.
import type { CallOptions, ShippingClient } from "../api/index.ts";
import type { PackageDetailsV2 } from "../schemas/index.ts";

export const LIST_PAGE_SIZE = 500;

export async function accountPackages(
  client: ShippingClient,
  call: Omit<CallOptions, "version">,
): Promise<PackageDetailsV2[]> {
  const all: PackageDetailsV2[] = [];
  for (let page = 1; ; page++) {
    const answer = await client.packages.list({ limit: LIST_PAGE_SIZE, page }, call);
    all.push(...answer.packages);
    const total = answer.total ?? undefined;
    if (answer.packages.length < LIST_PAGE_SIZE) break;
    if (total !== undefined && page * LIST_PAGE_SIZE >= total) break;
  }
  return all;
}
