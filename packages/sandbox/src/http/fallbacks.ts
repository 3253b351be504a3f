// What the sandbox answers when no route does: 404 for an unknown path, 405
// (with Allow) for a known path asked with a method it lacks, and 500 for a
// failure, which never carries a stack trace or a secret. Each speaks the
// request's X-Language (http-messages.ts).
import type { Context, ErrorHandler, Hono, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { TrieRouter } from "hono/router/trie-router";
import { HTTP_MESSAGES, requestLanguage } from "./http-messages.ts";
import { jsonError } from "./json-error.ts";

// biome-ignore lint/suspicious/noExplicitAny: accepts apps of every environment
type AnyHono = Hono<any, any, any>;

/** The methods the app serves at `path`, from its route table. */
function allowedMethods(
  app: AnyHono,
  routers: Map<AnyHono, TrieRouter<string>>,
  path: string,
): string[] {
  let router = routers.get(app);
  const methods = new Set(app.routes.filter((r) => r.method !== "ALL").map((r) => r.method));
  if (!router) {
    router = new TrieRouter<string>();
    for (const route of app.routes) {
      if (route.method !== "ALL") router.add(route.method, route.path, route.method);
    }
    routers.set(app, router);
  }
  const allowed: string[] = [];
  for (const method of methods) {
    const [matches] = router.match(method, path);
    if (matches.length > 0) allowed.push(method);
  }
  if (allowed.includes("GET")) allowed.push("HEAD");
  return allowed.sort();
}

export function notFoundHandler(app: AnyHono): NotFoundHandler {
  const routers = new Map<AnyHono, TrieRouter<string>>();
  return (c: Context) => {
    const path = c.req.path;
    const language = requestLanguage(c);
    const allowed = allowedMethods(app, routers, path);
    if (allowed.length > 0) {
      return jsonError(
        c,
        405,
        "method_not_allowed",
        HTTP_MESSAGES.methodNotAllowed(c.req.method, path, allowed.join(", "))[language],
        {
          headers: { Allow: allowed.join(", ") },
        },
      );
    }
    return jsonError(c, 404, "not_found", HTTP_MESSAGES.notFound(path)[language]);
  };
}

export function errorHandler(log: (line: string) => void): ErrorHandler {
  return (error, c) => {
    const language = requestLanguage(c);
    if (error instanceof HTTPException) {
      const status = error.status;
      if (status >= 500) log(`error ${c.req.method} ${c.req.path}: ${error.message}`);
      return jsonError(
        c,
        status,
        status === 413 ? "payload_too_large" : "http_error",
        error.message || HTTP_MESSAGES.refused[language],
      );
    }
    log(
      `error ${c.req.method} ${c.req.path}: ${error instanceof Error ? `${error.name}: ${error.message}` : "unknown failure"}`,
    );
    return jsonError(c, 500, "internal_error", HTTP_MESSAGES.internalError[language]);
  };
}
