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

const UTF8 = new TextDecoder("utf-8", { fatal: true });
const PERCENT = 0x25;
const AMPERSAND = 0x26;
const EQUALS = 0x3d;

function hexDigit(byte: number | undefined): number {
  if (byte === undefined) return -1;
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

/** Whether the bytes, with their %XX escapes decoded, are UTF-8 (as RFC 6749 appendix B asks). */
function isUtf8(bytes: Uint8Array): boolean {
  const decoded: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const high = hexDigit(bytes[i + 1]);
    const low = hexDigit(bytes[i + 2]);
    if (bytes[i] === PERCENT && high >= 0 && low >= 0) {
      decoded.push(high * 16 + low);
      i += 2;
    } else decoded.push(bytes[i] as number);
  }
  try {
    UTF8.decode(new Uint8Array(decoded));
    return true;
  } catch {
    return false;
  }
}

/**
 * Refuses a body that is not UTF-8, raw or percent-encoded: decoded with
 * replacement characters it would reach the grants as a wrong password, and
 * count toward the user's lockout. The value is never echoed (a password).
 */
function checkUtf8(body: Uint8Array): void {
  let start = 0;
  while (start <= body.length) {
    let end = body.indexOf(AMPERSAND, start);
    if (end < 0) end = body.length;
    const pair = body.subarray(start, end);
    const equals = pair.indexOf(EQUALS);
    const name = equals < 0 ? pair : pair.subarray(0, equals);
    if (!isUtf8(name))
      throw new OAuthError("invalid_request", "A parameter name is not valid UTF-8.");
    if (equals >= 0 && !isUtf8(pair.subarray(equals + 1))) {
      const shown = new TextDecoder().decode(name).slice(0, 60);
      throw new OAuthError(
        "invalid_request",
        `The value of ${decodeURIComponentSafe(shown)} is not valid UTF-8: the token endpoint reads form bodies as UTF-8 only.`,
      );
    }
    start = end + 1;
  }
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll("+", " "));
  } catch {
    return text;
  }
}

/** Parses a form body; a parameter given twice is refused (RFC 6749 section 3.2). */
export function parseTokenForm(
  contentType: string | undefined,
  body: string | Uint8Array,
): URLSearchParams {
  const [mediaType, ...parameters] = (contentType ?? "").split(";");
  const type = mediaType?.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") {
    throw new OAuthError(
      "invalid_request",
      "The token request must be sent as application/x-www-form-urlencoded.",
    );
  }
  for (const parameter of parameters) {
    const [key, value = ""] = parameter.split("=", 2).map((part) => part.trim());
    const charset = value.replace(/^"(.*)"$/, "$1");
    if (key?.toLowerCase() === "charset" && !/^utf-?8$/i.test(charset)) {
      throw new OAuthError(
        "invalid_request",
        `The form body is declared as charset ${charset.slice(0, 40)}; the token endpoint accepts UTF-8 only (send charset=UTF-8 or no charset).`,
      );
    }
  }
  if (typeof body !== "string") {
    checkUtf8(body);
    body = new TextDecoder().decode(body);
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
  const form = parseTokenForm(
    c.req.header("content-type"),
    new Uint8Array(await c.req.arrayBuffer()),
  );
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
