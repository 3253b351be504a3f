// The access-token check every REST call runs (RFC 6750): a Bearer JWT whose
// signature is the sandbox key's, that has not expired by the sandbox clock,
// and that was not invalidated (refresh, the 20-session rule, a reused code).
// On success the request carries the token's AccessGrant as c.get("grant").
// A token's signature is verified once (VerifiedTokens); expiry and
// revocation are checked on every call.
import { ShipbridgeError } from "@shipbridge/core";
import type { Context, MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import { errors, jwtVerify } from "jose";
import type { AccessGrant, SandboxContext, SandboxEnv } from "../context.ts";
import { HTTP_MESSAGES, type Localized, requestLanguage } from "../http/http-messages.ts";
import type { SandboxDatabase } from "../state/database.ts";
import { REVOCATION_REASONS, type RevocationReason } from "./access-tokens.ts";
import { MAX_OPEN_SESSIONS } from "./limits.ts";
import { ensureOAuthSchema } from "./schema.ts";
import { SIGNING_ALGORITHM, signingKey } from "./signing-key.ts";
import { VerifiedTokens } from "./verified-tokens.ts";

const REALM = "shipping-service-sandbox";

/** One cache of verified signatures per sandbox (its database). */
const VERIFIED = new WeakMap<SandboxDatabase, VerifiedTokens>();

function verifiedTokensOf(ctx: SandboxContext): VerifiedTokens {
  let verified = VERIFIED.get(ctx.db);
  if (!verified) {
    verified = new VerifiedTokens();
    VERIFIED.set(ctx.db, verified);
  }
  return verified;
}

/** A missing or refused access token (code `invalid_token`, as RFC 6750 names it). */
export class InvalidTokenError extends ShipbridgeError {
  /** false when the request carried no token at all (RFC 6750 section 3.1: no error code then). */
  readonly tokenPresent: boolean;
  /** The description in both languages of the API. */
  readonly localized: Localized;

  constructor(description: Localized, tokenPresent = true) {
    super("invalid_token", description.en_GB);
    this.tokenPresent = tokenPresent;
    this.localized = description;
  }
}

function quoted(value: string): string {
  return `"${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
}

/**
 * The 401 answer for a missing or refused access token. The body's
 * error_description speaks the request's X-Language; the WWW-Authenticate
 * header keeps the English one, as header values are ASCII.
 */
export function invalidTokenResponse(c: Context, error: InvalidTokenError): Response {
  const challenge = error.tokenPresent
    ? `Bearer realm=${quoted(REALM)}, error="invalid_token", error_description=${quoted(error.message)}`
    : `Bearer realm=${quoted(REALM)}`;
  const description = error.localized[requestLanguage(c)];
  return c.json({ error: "invalid_token", error_description: description }, 401, {
    "WWW-Authenticate": challenge,
    "Cache-Control": "no-store",
  });
}

function isRevocationReason(reason: string): reason is RevocationReason {
  return (REVOCATION_REASONS as readonly string[]).includes(reason);
}

interface TokenRow {
  client_id: string;
  username: string | null;
  scope: string;
  revoked_reason: string | null;
  grant_revoked_reason: string | null;
}

/** Verifies a Bearer header and answers the grant it speaks for, or throws InvalidTokenError. */
export async function verifyAccessToken(
  ctx: SandboxContext,
  authorization: string | undefined,
): Promise<AccessGrant> {
  const match =
    authorization === undefined
      ? null
      : /^bearer[ ]+([A-Za-z0-9._~+/-]+=*)[ ]*$/i.exec(authorization);
  if (!match) {
    throw new InvalidTokenError(
      HTTP_MESSAGES.token.required,
      authorization !== undefined && /^bearer\b/i.test(authorization),
    );
  }
  const token = match[1] as string;
  const verified = verifiedTokensOf(ctx);
  let jti: string;
  const known = verified.get(token);
  if (known) {
    // As jose decides: expired once the clock reaches exp.
    if (known.exp <= ctx.clock.nowSeconds())
      throw new InvalidTokenError(HTTP_MESSAGES.token.expired);
    jti = known.jti;
  } else {
    const key = await signingKey(ctx.db);
    try {
      const { payload } = await jwtVerify(token, key.publicKey, {
        algorithms: [SIGNING_ALGORITHM],
        currentDate: ctx.clock.now(),
        requiredClaims: ["exp", "jti"],
      });
      jti = payload.jti as string;
      verified.add(token, { jti, exp: payload.exp as number });
    } catch (error) {
      if (error instanceof errors.JWTExpired)
        throw new InvalidTokenError(HTTP_MESSAGES.token.expired);
      throw new InvalidTokenError(HTTP_MESSAGES.token.forged);
    }
  }
  const row = ctx.db.sql
    .prepare(
      `SELECT t.client_id, t.username, t.scope, t.revoked_reason, g.revoked_reason AS grant_revoked_reason
       FROM oauth_access_tokens t LEFT JOIN oauth_grants g ON g.id = t.grant_id WHERE t.jti = ?`,
    )
    .get(jti) as TokenRow | undefined;
  if (!row) throw new InvalidTokenError(HTTP_MESSAGES.token.unknown);
  const reason = row.revoked_reason ?? row.grant_revoked_reason;
  if (reason !== null) {
    throw new InvalidTokenError(
      isRevocationReason(reason)
        ? HTTP_MESSAGES.revocation(reason, MAX_OPEN_SESSIONS)
        : HTTP_MESSAGES.token.invalidated,
    );
  }
  return {
    tokenId: jti,
    clientId: row.client_id,
    username: row.username,
    scope: row.scope,
  };
}

/** Middleware: refuses requests without a valid access token (401) and sets c.get("grant"). */
export function requireAccessToken(ctx: SandboxContext): MiddlewareHandler<SandboxEnv> {
  ensureOAuthSchema(ctx.db);
  return createMiddleware<SandboxEnv>(async (c, next) => {
    let grant: AccessGrant;
    try {
      grant = await verifyAccessToken(ctx, c.req.header("authorization"));
    } catch (error) {
      if (error instanceof InvalidTokenError) return invalidTokenResponse(c, error);
      throw error;
    }
    c.set("grant", grant);
    await next();
  });
}
