// The service picks the API version by media type, not by URL:
// `application/vnd.furgonetka.v1+json` or `...v2+json`, in Accept and, for
// bodies, in Content-Type.

import type { ApiVersion } from "../schemas/package.ts";

export function vendorMediaType(version: ApiVersion): string {
  return `application/vnd.furgonetka.v${version}+json`;
}

/** Whether a Content-Type names JSON (plain, vendor or any +json type). */
export function isJsonMediaType(contentType: string | null): boolean {
  const type = (contentType ?? "").split(";", 1)[0]?.trim().toLowerCase() ?? "";
  return type === "application/json" || type.endsWith("+json");
}
