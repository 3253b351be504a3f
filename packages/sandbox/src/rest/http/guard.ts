// The checks every REST endpoint runs before its handler, in this order:
// X-Language (400; read first so that every later error speaks it), the
// access token (401), the body's size (413), Accept (406), the body's
// Content-Type (415) and X-Company-Id (403). Each route declares the versions
// it has and the other media types it can produce; the guard records the
// chosen version and language on the request, and labels every JSON answer
// after negotiation with the vendor media type of that version.

import { DEFAULT_LANGUAGE, isLanguage } from "@shipbridge/core/internal";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { every } from "hono/combine";
import { createMiddleware } from "hono/factory";
import type { SandboxContext, SandboxEnv } from "../../context.ts";
import { drainRequest } from "../../http/drain-request.ts";
import { HTTP_MESSAGES } from "../../http/http-messages.ts";
import { requireAccessToken } from "../../oauth/require-access-token.ts";
import { MAX_BODY_BYTES } from "./json-body.ts";
import {
  type ApiVersion,
  mediaTypeOf,
  type NegotiationOptions,
  negotiateAccept,
  negotiateContentType,
  vendorMediaType,
} from "./negotiation.ts";
import { resolveAccount } from "./request-account.ts";
import { RestError } from "./rest-error.ts";

export interface RouteOptions extends NegotiationOptions {
  /** Whether the request carries a JSON body whose Content-Type must match. */
  readonly body?: boolean;
  /**
   * The version a request gets when it sends X-Language and Accept names no
   * version: the messages' new response version is "selected by the language
   * header" (section 9.3).
   */
  readonly languageVersion?: ApiVersion;
}

export const V1: RouteOptions = { versions: [1] };
export const V1_V2: RouteOptions = { versions: [1, 2] };

/** Reads X-Language; an unknown language is a 400 (in English, as none was chosen). */
export function languageMiddleware(): MiddlewareHandler<SandboxEnv> {
  return createMiddleware<SandboxEnv>(async (c, next) => {
    const header = c.req.header("x-language")?.trim();
    if (header === undefined || header === "") {
      c.set("language", DEFAULT_LANGUAGE);
    } else if (isLanguage(header)) {
      c.set("language", header);
    } else {
      c.set("language", DEFAULT_LANGUAGE);
      throw new RestError(400, "unknown_language", {
        en_GB: `X-Language must be pl_PL or en_GB, not ${JSON.stringify(header.slice(0, 20))}.`,
        pl_PL: `X-Language musi mieć wartość pl_PL lub en_GB, a nie ${JSON.stringify(header.slice(0, 20))}.`,
      });
    }
    await next();
  });
}

function negotiationMiddleware(options: RouteOptions): MiddlewareHandler<SandboxEnv> {
  return createMiddleware<SandboxEnv>(async (c, next) => {
    const accepted = negotiateAccept(c.req.header("accept"), options);
    let version: ApiVersion = accepted.version;
    if (
      options.languageVersion !== undefined &&
      !accepted.explicit &&
      accepted.alternative === undefined &&
      (c.req.header("x-language")?.trim() ?? "") !== ""
    )
      version = options.languageVersion;
    if (options.body)
      version = negotiateContentType(c.req.header("content-type"), accepted, options);
    c.set("apiVersion", version);
    await next();
    // JSON answers (errors included) name the version they speak.
    if (mediaTypeOf(c.res.headers.get("content-type") ?? undefined) === "application/json")
      c.res.headers.set("content-type", vendorMediaType(version));
  });
}

function companyMiddleware(ctx: SandboxContext): MiddlewareHandler<SandboxEnv> {
  return createMiddleware<SandboxEnv>(async (c, next) => {
    resolveAccount(c, ctx);
    await next();
  });
}

export type Guard = (options: RouteOptions) => MiddlewareHandler<SandboxEnv>;

/**
 * The guard factory of the API: one per sandbox. Each route's guard puts the
 * language first, so that every later error speaks it.
 */
export function createGuard(ctx: SandboxContext): Guard {
  const language = languageMiddleware();
  const token = requireAccessToken(ctx);
  const company = companyMiddleware(ctx);
  return (options) => {
    const steps: MiddlewareHandler<SandboxEnv>[] = [language, token];
    if (options.body) steps.push(bodyLimitMiddleware());
    steps.push(negotiationMiddleware(options), company);
    return every(...steps) as MiddlewareHandler<SandboxEnv>;
  };
}

function bodyLimitMiddleware(): MiddlewareHandler<SandboxEnv> {
  return bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: async (c) => {
      const error = new RestError(
        413,
        "payload_too_large",
        HTTP_MESSAGES.payloadTooLarge(MAX_BODY_BYTES),
      );
      // Let the client finish sending before the answer closes the connection.
      await drainRequest(c);
      return c.json(error.body(c.get("language") ?? DEFAULT_LANGUAGE), 413, {
        Connection: "close",
      });
    },
  });
}
