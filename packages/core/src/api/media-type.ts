// The service picks the API version by media type, not by URL:
// `application/vnd.furgonetka.v1+json` or `...v2+json`, in Accept and, for
// bodies, in Content-Type.

import type { ApiVersion } from "../schemas/package.ts";

const VENDOR_MEDIA_TYPES = {
  1: "application/vnd.furgonetka.v1+json",
  2: "application/vnd.furgonetka.v2+json",
} as const satisfies Record<ApiVersion, string>;

export function vendorMediaType(version: ApiVersion): string {
  return VENDOR_MEDIA_TYPES[version];
}

/** Whether a Content-Type names JSON (plain, vendor or any +json type). */
export function isJsonMediaType(contentType: string | null): boolean {
  const type = (contentType ?? "").split(";", 1)[0]?.trim().toLowerCase() ?? "";
  return type === "application/json" || type.endsWith("+json");
}
