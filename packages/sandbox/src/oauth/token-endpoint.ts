// POST /oauth/token, served with identical behaviour on {base_url} and
// {account_url}. Form-encoded requests only, the client authenticated by HTTP
// Basic only, four grants; every answer carries Cache-Control: no-store.
import type { Context } from "hono";
import type { SandboxContext, SandboxEnv } from "../context.ts";
import { authenticateClient } from "./client-authentication.ts";
import { OAuthError } from "./oauth-error.ts";
import {
  authorizationCodeGrant,
  clientCredentialsGrant,
  passwordGrant,
  refreshTokenGrant,
  type TokenResponse,
} from "./token-grants.ts";

export const GRANT_TYPES = [
  "authorization_code",
  "refresh_token",
  "password",
  "client_credentials",
] as const;

const NO_STORE = { "Cache-Control": "no-store", Pragma: "no-cache" };

/** Parses a form body; a parameter given twice is refused (RFC 6749 section 3.2). */
export function parseTokenForm(contentType: string | undefined, body: string): URLSearchParams {
  const type = contentType?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") {
    throw new OAuthError(
      "invalid_request",
      "The token request must be sent as application/x-www-form-urlencoded.",
    );
  }
  const form = new URLSearchParams(body);
  const seen = new Set<string>();
  for (const name of form.keys()) {
    if (seen.has(name))
      throw new OAuthError("invalid_request", `The parameter ${name} is given more than once.`);
    seen.add(name);
  }
  return form;
}

async function grant(ctx: SandboxContext, c: Context<SandboxEnv>): Promise<TokenResponse> {
  const form = parseTokenForm(c.req.header("content-type"), await c.req.text());
  const app = authenticateClient(ctx.db, c.req.header("authorization"), form);
  const grantType = form.get("grant_type");
  switch (grantType) {
    case null:
    case "":
      throw new OAuthError("invalid_request", "The parameter grant_type is required.");
    case "authorization_code":
      return authorizationCodeGrant(ctx, app, form);
    case "refresh_token":
      return refreshTokenGrant(ctx, app, form);
    case "password":
      return passwordGrant(ctx, app, form);
    case "client_credentials":
      return clientCredentialsGrant(ctx, app, form);
    default:
      throw new OAuthError(
        "unsupported_grant_type",
        `grant_type must be one of ${GRANT_TYPES.join(", ")}.`,
      );
  }
}

export function tokenEndpoint(ctx: SandboxContext) {
  return async (c: Context<SandboxEnv>): Promise<Response> => {
    try {
      return c.json(await grant(ctx, c), 200, NO_STORE);
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      const headers: Record<string, string> = { ...NO_STORE };
      if (error.status === 401)
        headers["WWW-Authenticate"] = 'Basic realm="oauth", charset="UTF-8"';
      if (error.retryAfter !== undefined) headers["Retry-After"] = String(error.retryAfter);
      return c.json(error.body(), error.status, headers);
    }
  };
}
