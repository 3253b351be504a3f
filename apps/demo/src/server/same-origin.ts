// The dashboard API's guard against requests another site makes in the
// merchant's browser: a state-changing request (anything but GET, HEAD and
// OPTIONS) is refused when the browser says it comes from another site
// (`Sec-Fetch-Site: cross-site`) or names an `Origin` that is not the
// dashboard's own, and a body it carries must be JSON (a form or `text/plain`
// body is what a page can send without asking the dashboard first).
import type { MiddlewareHandler } from "hono";
import { apiError, languageOf } from "./api-answers.ts";
import { say } from "./language.ts";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/** The dashboard's origin and the same port on the loopback names a browser may use for it. */
function ownOrigins(dashboard: string): Set<string> {
  const url = new URL(dashboard);
  const origins = new Set([url.origin]);
  if (["127.0.0.1", "localhost", "[::1]"].includes(url.hostname)) {
    for (const host of ["127.0.0.1", "localhost", "[::1]"]) {
      origins.add(`${url.protocol}//${host}${url.port ? `:${url.port}` : ""}`);
    }
  }
  return origins;
}

function hasBody(headers: Headers): boolean {
  const length = headers.get("content-length");
  return (length !== null && length !== "0") || headers.has("transfer-encoding");
}

export function sameOriginOnly(dashboard: string): MiddlewareHandler {
  const own = ownOrigins(dashboard);
  return async (c, next) => {
    if (SAFE.has(c.req.method)) return next();
    const language = languageOf(c);
    const origin = c.req.header("origin");
    if (c.req.header("sec-fetch-site") === "cross-site" || (origin && !own.has(origin))) {
      return apiError(
        c,
        403,
        "cross_site",
        say(
          language,
          "Only the dashboard itself may change orders: the request came from another site",
          "Tylko sam panel może zmieniać zamówienia: żądanie przyszło z innej strony",
        ),
      );
    }
    const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
    if (hasBody(c.req.raw.headers) && type !== "application/json") {
      return apiError(
        c,
        415,
        "json_required",
        say(
          language,
          "The request's body must be JSON (content-type: application/json)",
          "Treść żądania musi być w JSON (content-type: application/json)",
        ),
      );
    }
    return next();
  };
}
