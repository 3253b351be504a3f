// The package the service holds for one shipment (the id core shipped it
// under: its fulfillment order's, or a whole order's), found by core's
// shipOrderReference: how the app learns of a package that was created (and
// maybe paid for) when shipOrder failed before answering its id, so that a
// later cancellation of the order cancels it.
import { type ShippingClient, shipOrderReference } from "@shipbridge/core";

type ListedPackage = Awaited<ReturnType<ShippingClient["packages"]["list"]>>["packages"][number];

async function orderPackages(
  client: ShippingClient,
  shop: string,
  orderId: string,
): Promise<ListedPackage[]> {
  const reference = shipOrderReference(shop, orderId);
  const { packages } = await client.packages.list({ user_reference_number: reference });
  return packages
    .filter((pkg) => pkg.user_reference_number === reference)
    .sort((a, b) => a.package_id - b.package_id);
}

/** The order's package id (a live one before a cancelled one), or undefined when there is none. */
export async function findOrderPackage(
  client: ShippingClient,
  shop: string,
  orderId: string,
): Promise<number | undefined> {
  const matching = await orderPackages(client, shop, orderId);
  return (matching.find((pkg) => pkg.state !== "canceled") ?? matching[0])?.package_id;
}

/**
 * The order's package that was ordered (paid for) and is not cancelled, or
 * undefined: a package made but never ordered cost nothing, and one
 * cancelled was refunded.
 */
export async function findPaidOrderPackage(
  client: ShippingClient,
  shop: string,
  orderId: string,
): Promise<number | undefined> {
  const matching = await orderPackages(client, shop, orderId);
  const paid = matching.find(
    (pkg) =>
      pkg.state !== "canceled" &&
      (Boolean(pkg.datetime_order) || (typeof pkg.state === "string" && pkg.state !== "waiting")),
  );
  return paid?.package_id;
}
