// What a customer reads for each rate at checkout, in the checkout's own
// language: Shopify sends the buyer's `locale` with every rate request
// ("pl", "en", "pl-PL"...), and a rate is named in it ("Kurier InPost" /
// "InPost courier"), falling back to the shop's language when the request
// names none we speak. Deliveries are named by core's `deliveryName`, the one
// naming every checkout uses.
import { deliveryName, negotiateLanguage } from "@shipbridge/core";

export type RateLanguage = "pl" | "en";

/** The checkout's language: the request's locale (by core's one negotiator), else the shop's. */
export function rateLanguage(
  locale: string | null | undefined,
  shopLanguage: "pl_PL" | "en_GB",
): RateLanguage {
  return negotiateLanguage(
    typeof locale === "string" ? locale : undefined,
    undefined,
    shopLanguage === "pl_PL" ? "pl" : "en",
  );
}

/** A courier rate's name: "Kurier DPD" / "DPD courier" (core's one naming of deliveries). */
export function courierRateName(service: string, language: RateLanguage): string {
  return deliveryName(service, null, language);
}

/**
 * A point's rate name with its code and distance: "Paczkomat InPost WAW01A
 * (0,3 km)" / "InPost locker WAW01A (0.3 km)"; other carriers' points are
 * pickup points.
 */
export function pointRateName(
  service: string,
  code: string,
  distanceKm: number | null | undefined,
  language: RateLanguage,
): string {
  return deliveryName(service, { code }, language, { distanceKm: distanceKm ?? null });
}

/** A point's address for the rate's description: "ul. Długa 10, 80-831 Gdańsk". */
export function pointRateDescription(
  address:
    | { street?: string | null; postcode?: string | null; city?: string | null }
    | null
    | undefined,
): string | undefined {
  const town = [address?.postcode, address?.city].filter(Boolean).join(" ");
  const where = [address?.street, town].filter(Boolean).join(", ");
  return where || undefined;
}
