// What the sandbox holds for one store order, read through the REST API: the
// packages under its reference and the charges (order confirmations) of
// each. Tests of shipOrder compare it before and after a run to prove that
// nothing was created or paid twice.
import type { ShippingClient } from "@shipbridge/core";

type ListedPackage = Awaited<ReturnType<ShippingClient["packages"]["list"]>>["packages"][number];

export interface OrderLedger {
  readonly packages: readonly ListedPackage[];
  /** The package ids under the reference. */
  readonly ids: readonly number[];
  /** Order confirmations of those packages: one per paid order. */
  readonly charges: number;
}

/** The packages under `reference` and how many times they were charged. */
export async function orderLedger(client: ShippingClient, reference: string): Promise<OrderLedger> {
  const { packages } = await client.packages.list({ user_reference_number: reference });
  const { messages } = await client.messages.list({ type: "order", limit: 500 });
  const ids = packages.map((pkg) => pkg.package_id);
  const charges = messages.filter(
    (message) => typeof message["package_id"] === "number" && ids.includes(message["package_id"]),
  ).length;
  return { packages, ids, charges };
}
