// The package the service holds for one order, found by core's
// shipOrderReference: how the app learns of a package that was created (and
// maybe paid for) when shipOrder failed before answering its id, so that a
// later cancellation of the order cancels it.
import { type ShippingClient, shipOrderReference } from "@shipbridge/core";

/** The order's package id (a live one before a cancelled one), or undefined when there is none. */
export async function findOrderPackage(
  client: ShippingClient,
  shop: string,
  orderId: string,
): Promise<number | undefined> {
  const reference = shipOrderReference(shop, orderId);
  const { packages } = await client.packages.list({ user_reference_number: reference });
  const matching = packages
    .filter((pkg) => pkg.user_reference_number === reference)
    .sort((a, b) => a.package_id - b.package_id);
  return (matching.find((pkg) => pkg.state !== "canceled") ?? matching[0])?.package_id;
}
