// How the picker names a point to a shopper: its name (or code), its street
// and city on one line, and the distance from the delivery address.
import type { PickupPoint } from "../client/pickup-client.ts";
import { type PickerLanguage, say } from "../i18n/messages.ts";

/** The point's name, else its code. */
export function pointTitle(point: PickupPoint): string {
  const name = point.name?.trim();
  return name ? `${name} (${point.code})` : point.code;
}

/** "Długa 5, 80-831 Gdańsk", from what the point's address has. */
export function pointAddress(point: PickupPoint): string {
  const address = point.address ?? {};
  const town = [address.postcode, address.city].filter(Boolean).join(" ");
  return [address.street, town].filter(Boolean).join(", ");
}

/** "1.2 km away" / "1,2 km stąd", or undefined when the route gave no distance. */
export function pointDistance(point: PickupPoint, language: PickerLanguage): string | undefined {
  if (typeof point.distance !== "number" || !Number.isFinite(point.distance)) return undefined;
  const km = new Intl.NumberFormat(language === "pl" ? "pl-PL" : "en-GB", {
    maximumFractionDigits: 1,
  }).format(point.distance);
  return say(language, "distance", { km });
}

/** An amount in the cart's currency, as the shopper's language writes it. */
export function formatPrice(
  amount: number,
  currencyCode: string,
  language: PickerLanguage,
): string {
  return new Intl.NumberFormat(language === "pl" ? "pl-PL" : "en-GB", {
    style: "currency",
    currency: currencyCode.toUpperCase(),
  }).format(amount);
}
