// cancelReturn: a return the store cancelled gives its parcel back to the
// service, when the service still allows it (ordered and not handed over:
// the charge is refunded). It takes turns with shipReturn on the return's
// lease (and shares nothing with a run under way in this process: it waits
// for it), so it sees the package a run created. The cancel command's uuid
// derives from the store, the return and the package, so cancelling again,
// after a lost answer or in another process, sends the same command, which
// the service runs once.
//
// What it cannot do: a package created but not ordered cannot be cancelled
// at the service (nothing was paid for it); the store must then not ship the
// return again. An order command a crashed run left under way is waited for
// first (it would still pay): "not ordered" is only answered once no order
// of the return is pending. A store that records the cancellation first and runs
// cancelReturn after it, and after every shipReturn of a return it finds
// cancelled, never leaves a paid parcel behind, whichever finishes last.
import { ApiUsageError, type ShippingClient } from "../api/index.ts";
import { clientAccount } from "../api/shipping-client.ts";
import { singleFlight, withLease } from "../mapping/ship-once.ts";
import { findPackage, isOrdered, isShippingClient } from "../mapping/ship-order.ts";
import { storeIdProblem } from "../mapping/store-id.ts";
import type { LeaseStore } from "../oauth/lease-store.ts";
import { settlePendingOrder } from "./pending-order.ts";
import { settledRuns } from "./return-flights.ts";
import { returnCancelCommandId, returnLeaseKey, returnReference } from "./return-reference.ts";

/** The reason code sent with a return's cancel command. */
export const RETURN_CANCEL_REASON = "return_cancelled";

export interface CancelReturnOptions {
  /** The store id the return was shipped with. */
  readonly storeId: string;
  /** The lock shipReturn was given, so the two take turns across processes. */
  readonly lock?: LeaseStore;
  /** The reason in the store's words (reasonContent); default names the return. */
  readonly reason?: string;
  readonly signal?: AbortSignal;
  readonly deadline?: Date | number;
  readonly companyId?: string | number;
}

export interface CancelReturnResult {
  /**
   * - `no_package`: no parcel was bought for the return (nothing to give back);
   * - `not_ordered`: a package exists but was never ordered, and no order of it is under way (nothing was paid);
   * - `cancelled`: the package is cancelled at the service (now or before);
   * - `handed_over`: the parcel is on its way already and cannot be cancelled.
   */
  readonly status: "no_package" | "not_ordered" | "cancelled" | "handed_over";
  readonly packageId?: number;
  /** The cancel command's uuid, when one was sent (or found). */
  readonly commandId?: string;
}

/**
 * Cancels the parcel of one return, if one was bought and the service still
 * allows it.
 * @throws ApiUsageError for a bad client, store id or return id; ApiError
 *   subclasses for transport failures (a rerun sends the same command).
 */
export async function cancelReturn(
  client: ShippingClient,
  returnId: string,
  options: CancelReturnOptions,
): Promise<CancelReturnResult> {
  if (!isShippingClient(client)) {
    throw new ApiUsageError(
      "client",
      "must be a ShippingClient (new ShippingClient({ baseUrl, auth }))",
    );
  }
  if (storeIdProblem(options?.storeId) !== undefined) {
    throw new ApiUsageError("options.storeId", "must be the store's id, without colons");
  }
  if (typeof returnId !== "string" || returnId.trim() === "") {
    throw new ApiUsageError("returnId", "must be the store's return id");
  }
  const key = returnLeaseKey(options.storeId, returnId);
  const once = { signal: options.signal, deadline: options.deadline };
  const call = {
    ...(options.companyId === undefined ? {} : { companyId: options.companyId }),
    ...(options.deadline === undefined ? {} : { deadline: options.deadline }),
  };
  // It waits for the shipReturns of this return under way here, then runs; concurrent cancels share one run.
  await settledRuns(clientAccount(client), key);
  return singleFlight(
    clientAccount(client),
    key,
    "cancel",
    once,
    () => false,
    () =>
      withLease(options.lock, key, once, async (signal) => {
        const withSignal = { ...call, ...(signal === undefined ? {} : { signal }) };
        const reference = returnReference(options.storeId, returnId);
        const pkg = await findPackage(client, reference, withSignal);
        if (pkg === undefined) return { status: "no_package" };
        const packageId = pkg.package_id;
        if (pkg.state === "canceled") return { status: "cancelled", packageId };
        let current = pkg;
        // An order a crashed run left queued still pays: wait for it, then look again.
        if (
          !isOrdered(current) &&
          (await settlePendingOrder(client, options.storeId, returnId, packageId, withSignal))
        ) {
          current = await client.packages.get(packageId, withSignal);
        }
        if (current.state === "canceled") return { status: "cancelled", packageId };
        if (!isOrdered(current)) return { status: "not_ordered", packageId };
        const commandId = returnCancelCommandId(options.storeId, returnId, packageId);
        const result = await client.cancelCommands.run(
          commandId,
          {
            packages: [{ id: packageId }],
            reasonType: RETURN_CANCEL_REASON,
            reasonContent: options.reason ?? `The return ${returnId} was cancelled.`,
          },
          withSignal,
        );
        const cancelled = (result.successfully_canceled_packages ?? []).some(
          (done) => done.package_id === packageId,
        );
        if (cancelled) return { status: "cancelled", packageId, commandId };
        const now = await client.packages.get(packageId, withSignal);
        return now.state === "canceled"
          ? { status: "cancelled", packageId, commandId }
          : { status: "handed_over", packageId, commandId };
      }),
  );
}
