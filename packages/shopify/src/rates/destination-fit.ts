// Which rates a checkout's destination can take, by core's checkAddress (the
// rules shipping applies later): a courier rate needs an address a courier
// can find (the postcode form of its country, a house number in the
// street); a locker or pickup-point rate needs only what a point needs (the
// postcode form), since the parcel goes to the point. A request without a
// street (Shopify's shipping estimate in the cart sends only the country,
// province and postcode, maybe a city) is held to the postcode rule for
// both, so an estimate still shows prices; the checkout's full address is
// held to all of them. A missing postcode (a country without postcodes, or
// with optional ones) is not held against it: the service cannot quote
// without one, so the backup rates are answered. The postcode comes back in its written form, which
// the quote and the points search then use.
import { checkAddress, type Language } from "@shipbridge/core";
import { type RateAddress, fieldText as text } from "./rate-request.ts";

export interface DestinationFit {
  readonly courier: boolean;
  readonly point: boolean;
  /** The postcode in its country's written form (`80831` → `80-831`), when it fits. */
  readonly postcode?: string;
}

export function destinationFit(destination: RateAddress, language: Language): DestinationFit {
  const street = text(destination.address1);
  const street2 = text(destination.address2);
  const province = text(destination.province);
  const address = {
    street: street ?? "",
    ...(street2 ? { street2 } : {}),
    postcode: text(destination.postal_code) ?? "",
    city: text(destination.city) ?? "",
    country_code: text(destination.country) ?? "",
    ...(province ? { province } : {}),
  };
  // An estimate's missing street and city stand in as placeholders: only the postcode is held.
  const estimate = { ...address, street: "-", city: address.city || "-" };
  const check = (delivery: "courier" | "point") =>
    checkAddress(street ? address : estimate, { delivery, language });
  // Shopify's checkout asks for a postcode where the country uses one; one
  // missing is a country without postcodes (Hong Kong) or with optional ones
  // (Ireland's Eircode), so it is not held against the destination here.
  const noPostcode = address.postcode === "";
  const fits = (result: ReturnType<typeof check>) =>
    result.ok ||
    (noPostcode && result.error.issues.every((issue) => issue.path === "address.postcode"));
  const pointCheck = check("point");
  const point = fits(pointCheck);
  const postcode = pointCheck.ok ? pointCheck.value.postcode : undefined;
  return {
    point,
    courier: street ? point && fits(check("courier")) : point,
    ...(postcode ? { postcode } : {}),
  };
}
