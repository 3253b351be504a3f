// What a stored package costs, as its details, an order command's summary and
// the charge of ordering it say: the price with its carrier (price-quote.ts),
// and the `pricing` object the API answers it in (v2 adds `adjusted_price`).
import type { Language } from "@shipbridge/core";
import { isCarrier } from "../carriers/carriers.ts";
import type { ApiVersion } from "../http/negotiation.ts";
import type { StoredPackage } from "../storage/stored-package.ts";
import { quote, zloty } from "./price-quote.ts";

/** The package's price (grosze) with its carrier, as the order charges it. */
export function packagePrice(
  pkg: StoredPackage,
  language: Language,
): { net: number; gross: number } {
  if (!isCarrier(pkg.service)) return { net: 0, gross: 0 };
  const q = quote(pkg.service, pkg.data, language);
  return { net: q.net, gross: q.gross };
}

/** The `pricing` object of an answer, in zloty. */
export function pricingOut(
  price: { net: number; gross: number },
  version: ApiVersion,
): Record<string, unknown> {
  const pricing: Record<string, unknown> = {
    price_net: zloty(price.net),
    price_gross: zloty(price.gross),
    tax: 23,
    currency: "PLN",
  };
  if (version === 2) pricing.adjusted_price = null;
  return pricing;
}
