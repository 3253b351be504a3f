// What a package cost, as the reckoning sums it: the service's gross and net
// price, or, once the carrier has adjusted it (a re-measured parcel:
// `adjusted_price`, gross), the adjusted price, its net by the package's tax
// rate (else by the price's own ratio of net to gross).
import type { PricingOutV2 } from "../schemas/index.ts";
import type { PaidAmount } from "./reckoning.ts";

/** Major units rounded to the grosz. */
function grosze(value: number): number {
  return Math.round(value * 100) / 100;
}

function finite(value: number | null | undefined): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

export function paidAmount(pricing: Partial<PricingOutV2> | null | undefined): PaidAmount {
  const gross = finite(pricing?.price_gross) ?? 0;
  const net = finite(pricing?.price_net) ?? 0;
  const currency = pricing?.currency ?? "PLN";
  const adjusted = finite(pricing?.adjusted_price);
  if (adjusted === undefined) return { gross, net, currency, adjusted: false };
  const tax = finite(pricing?.tax);
  const adjustedNet =
    tax !== undefined
      ? adjusted / (1 + tax / 100)
      : gross !== 0
        ? (adjusted * net) / gross
        : adjusted;
  return { gross: adjusted, net: grosze(adjustedNet), currency, adjusted: true };
}
