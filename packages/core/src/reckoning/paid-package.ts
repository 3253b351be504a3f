// Whether a package is paid: ordered (it has an order date) and not
// cancelled, since the service refunds the price of a package it cancels.
// The reckoning lists paid packages, and a remedy cancels only a paid one.
import type { PackageDetailsV2 } from "../schemas/index.ts";

export function isPaid(pkg: PackageDetailsV2): boolean {
  return Boolean(pkg.datetime_order) && pkg.state !== "canceled";
}
