// The details of many packages at once, read a few at a time (GET
// /packages/{id}), for the work of a shipping day that needs each package's
// carrier: one handover protocol per carrier, one courier per carrier. A
// package the account does not have is reported, not thrown; any other
// failure is thrown as the REST client threw it.
import { type CallOptions, isNotFoundError, type ShippingClient } from "../api/index.ts";
import type { PackageDetailsV2 } from "../schemas/index.ts";

/** Packages read at once. */
export const READ_CONCURRENCY = 8;

export interface ReadPackages {
  /** The packages found, by id, in the order asked. */
  readonly found: ReadonlyMap<number, PackageDetailsV2>;
  /** Ids the account has no package for. */
  readonly missing: readonly number[];
}

export async function readPackages(
  client: ShippingClient,
  ids: readonly number[],
  call: Omit<CallOptions, "version">,
): Promise<ReadPackages> {
  const details = new Array<PackageDetailsV2 | undefined>(ids.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < ids.length) {
      const index = next++;
      try {
        details[index] = await client.packages.get(ids[index] as number, call);
      } catch (error) {
        if (!isNotFoundError(error)) throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, ids.length) }, worker));
  const found = new Map<number, PackageDetailsV2>();
  const missing: number[] = [];
  ids.forEach((id, index) => {
    const pkg = details[index];
    if (pkg === undefined) missing.push(id);
    else found.set(id, pkg);
  });
  return { found, missing };
}
