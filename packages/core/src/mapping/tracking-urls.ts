// The tracking page addresses of a shipped package, one per parcel, for
// shipOrder's `trackingUrls`: what a store links a customer to. Precedence:
// 1. the client's configured tracking page template (`trackingPage`), built
//    from the parcel's tracking number;
// 2. else the page the service gives for the parcel (`tracking_url`), unless
//    it is under the client's API address (`baseUrl`): that is the API's
//    tracking resource, which answers a customer without a token with an
//    error, not a page, so the page is built from the number instead;
// 3. else the service's public page, https://furgonetka.pl/zlokalizuj/{number}.
// The package's own `tracking_url` stands in only when no parcel gives one.
import { trackingPageUrl } from "../api/tracking-page.ts";
import type { PackageDetailsV2 } from "../schemas/index.ts";

/**
 * The tracking page of each parcel, without repeats. `apiAddress` is the
 * client's baseUrl: a given address under it is not a page and is ignored.
 */
export function trackingUrls(
  details: PackageDetailsV2,
  template?: string,
  apiAddress?: string,
): string[] {
  const page = (value: string | null | undefined): string | undefined => {
    const url = nonEmpty(value);
    return url !== undefined && apiAddress !== undefined && isUnder(url, apiAddress)
      ? undefined
      : url;
  };
  const urls: string[] = [];
  for (const parcel of details.parcels ?? []) {
    const number = nonEmpty(parcel.package_no);
    const given = page(parcel.tracking_url);
    if (template !== undefined && number !== undefined)
      urls.push(trackingPageUrl(number, template));
    else if (given !== undefined) urls.push(given);
    else if (number !== undefined) urls.push(trackingPageUrl(number));
  }
  const ownUrl = page(details.tracking_url);
  if (urls.length === 0 && ownUrl !== undefined) urls.push(ownUrl);
  return [...new Set(urls)];
}

/** Whether `url` is `base` or below it (same origin, path under base's path). */
function isUnder(url: string, base: string): boolean {
  try {
    const target = new URL(url);
    const root = new URL(base);
    if (target.origin !== root.origin) return false;
    const prefix = root.pathname.endsWith("/") ? root.pathname : `${root.pathname}/`;
    return target.pathname === root.pathname || target.pathname.startsWith(prefix);
  } catch {
    return false;
  }
}

function nonEmpty(value: string | null | undefined): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}
