// The public tracking page of a parcel: the page a customer opens, with no
// token, to follow the parcel. It is not the API's `GET /packages/{id}/tracking`,
// which answers `invalid_token` to a browser. The service serves it at
// https://furgonetka.pl/zlokalizuj/{number}; another deployment (a test
// account host, the sandbox's `{accountUrl}/zlokalizuj/{number}`) is given as
// a template with `{number}` where the tracking number goes.
import { ApiUsageError } from "./api-usage-error.ts";

/** The service's public tracking page, as a template. */
export const DEFAULT_TRACKING_PAGE = "https://furgonetka.pl/zlokalizuj/{number}";

const PLACEHOLDER = "{number}";

/**
 * Why `template` cannot be a tracking page template, or undefined when it can:
 * text holding `{number}` that makes an absolute http(s) address.
 */
export function trackingPageProblem(template: unknown): string | undefined {
  if (typeof template !== "string" || !template.includes(PLACEHOLDER)) {
    return `must be the tracking page's address with ${PLACEHOLDER} where the tracking number goes, such as ${DEFAULT_TRACKING_PAGE}`;
  }
  const sample = template.replaceAll(PLACEHOLDER, "0");
  if (!URL.canParse(sample) || !/^https?:$/.test(new URL(sample).protocol)) {
    return `must be an absolute http(s) address with ${PLACEHOLDER}, such as ${DEFAULT_TRACKING_PAGE}`;
  }
  return undefined;
}

/**
 * The public tracking page of a parcel, from its tracking number (`package_no`):
 * `template` with `{number}` replaced by the number (URL-encoded). Default:
 * the service's page, https://furgonetka.pl/zlokalizuj/{number}.
 * @throws ApiUsageError for an empty tracking number or a template without `{number}`.
 */
export function trackingPageUrl(
  trackingNumber: string,
  template: string = DEFAULT_TRACKING_PAGE,
): string {
  const number = typeof trackingNumber === "string" ? trackingNumber.trim() : "";
  if (number === "") {
    throw new ApiUsageError("trackingNumber", "must be the parcel's tracking number (package_no)");
  }
  const problem = trackingPageProblem(template);
  if (problem !== undefined) throw new ApiUsageError("template", problem);
  return template.replaceAll(PLACEHOLDER, encodeURIComponent(number));
}
