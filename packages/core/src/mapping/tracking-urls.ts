// The tracking page addresses of a shipped package, one per parcel, for
// shipOrder's `trackingUrls`: what a store links a customer to. Precedence:
// 1. the client's configured tracking page template (`trackingPage`), built
//    from the parcel's tracking number;
// 2. else the page the service gives for the parcel (`tracking_url`);
// 3. else the service's public page, https://furgonetka.pl/zlokalizuj/{number}.
// The package's own `tracking_url` stands in only when no parcel gives one.
import { trackingPageUrl } from "../api/tracking-page.ts";
import type { PackageDetailsV2 } from "../schemas/index.ts";

/** The tracking page of each parcel, without repeats. */
export function trackingUrls(details: PackageDetailsV2, template?: string): string[] {
  const urls: string[] = [];
  for (const parcel of details.parcels ?? []) {
    const number = nonEmpty(parcel.package_no);
    const given = nonEmpty(parcel.tracking_url);
    if (template !== undefined && number !== undefined)
      urls.push(trackingPageUrl(number, template));
    else if (given !== undefined) urls.push(given);
    else if (number !== undefined) urls.push(trackingPageUrl(number));
  }
  const ownUrl = nonEmpty(details.tracking_url);
  if (urls.length === 0 && ownUrl !== undefined) urls.push(ownUrl);
  return [...new Set(urls)];
}

function nonEmpty(value: string | null | undefined): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}
