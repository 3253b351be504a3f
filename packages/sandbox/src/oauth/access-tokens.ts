// Access tokens: JWTs signed with the sandbox key, each also recorded in the
// database so that it can be invalidated (refresh, the 20-session rule, a
// reused code). A user's open access token for an application is a session:
// at most 20 are open per user and application; opening one more invalidates
// the oldest. Expired and invalidated tokens do not count.
import { SignJWT } from "jose";
import type { SandboxContext } from "../context.ts";
import type { Localized } from "../http/http-messages.ts";
import type { SandboxDatabase } from "../state/database.ts";
import { MAX_OPEN_SESSIONS } from "./limits.ts";
import { randomId } from "./secrets.ts";
import { SIGNING_ALGORITHM, signingKey } from "./signing-key.ts";

export type TokenGrantType =
  | "authorization_code"
  | "refresh_token"
  | "password"
  | "client_credentials";

/** Why an access token stops working before its expiry. */
export const REVOCATION_REASONS = ["refreshed", "session_limit", "code_reused"] as const;

export type RevocationReason = (typeof REVOCATION_REASONS)[number];

/** Why an access token was invalidated before its expiry; `sessions` is the limit of open sessions. */
export function revocationMessage(reason: RevocationReason, sessions: number): Localized {
  switch (reason) {
    case "refreshed":
      return {
        en_GB: "The access token was replaced: its refresh token was used to get a new one.",
        pl_PL: "Token dostępu został zastąpiony: jego refresh token posłużył do uzyskania nowego.",
      };
    case "session_limit":
      return {
        en_GB: `The access token was invalidated: the user opened more than ${sessions} sessions for this application, and the oldest one was closed.`,
        pl_PL: `Token dostępu został unieważniony: użytkownik otworzył więcej niż ${sessions} sesji tej aplikacji, więc najstarszą zamknięto.`,
      };
    case "code_reused":
      return {
        en_GB:
          "The access token was revoked: the authorization code it came from was used a second time.",
        pl_PL:
          "Token dostępu został odwołany: kod autoryzacji, z którego pochodzi, użyto po raz drugi.",
      };
  }
}

/** What one access token says; written to the database and into the JWT. */
export interface AccessTokenPlan {
  readonly jti: string;
  readonly clientId: string;
  readonly username: string | null;
  readonly scope: string;
  readonly grantType: TokenGrantType;
  /** Seconds since the epoch. */
  readonly issuedAt: number;
  readonly expiresAt: number;
  readonly lifetime: number;
}

export function planAccessToken(
  ctx: SandboxContext,
  fields: Pick<AccessTokenPlan, "clientId" | "username" | "scope" | "grantType">,
  lifetime: number,
): AccessTokenPlan {
  const issuedAt = ctx.clock.nowSeconds();
  return { ...fields, jti: randomId(), issuedAt, expiresAt: issuedAt + lifetime, lifetime };
}

export async function signAccessToken(ctx: SandboxContext, plan: AccessTokenPlan): Promise<string> {
  const key = await signingKey(ctx.db);
  return new SignJWT({ client_id: plan.clientId, scope: plan.scope })
    .setProtectedHeader({ alg: SIGNING_ALGORITHM, typ: "at+jwt", kid: key.kid })
    .setIssuer(ctx.baseUrl)
    .setSubject(plan.username ?? plan.clientId)
    .setJti(plan.jti)
    .setIssuedAt(plan.issuedAt)
    .setExpirationTime(plan.expiresAt)
    .sign(key.privateKey);
}

export function recordAccessToken(
  db: SandboxDatabase,
  plan: AccessTokenPlan,
  grantId: string | null,
): void {
  db.sql
    .prepare(
      `INSERT INTO oauth_access_tokens (jti, grant_id, client_id, username, scope, grant_type, issued_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      plan.jti,
      grantId,
      plan.clientId,
      plan.username,
      plan.scope,
      plan.grantType,
      plan.issuedAt * 1000,
      plan.expiresAt * 1000,
    );
}

/** Invalidates every still-valid access token of a grant. */
export function revokeGrantAccessTokens(
  db: SandboxDatabase,
  grantId: string,
  reason: RevocationReason,
  nowMs: number,
): void {
  db.sql
    .prepare(
      "UPDATE oauth_access_tokens SET revoked_at = ?, revoked_reason = ? WHERE grant_id = ? AND revoked_at IS NULL",
    )
    .run(nowMs, reason, grantId);
}

/** Whether the grant has an access token that is neither expired nor invalidated. */
export function hasOpenSession(db: SandboxDatabase, grantId: string, nowMs: number): boolean {
  return (
    db.sql
      .prepare(
        "SELECT 1 FROM oauth_access_tokens WHERE grant_id = ? AND revoked_at IS NULL AND expires_at > ? LIMIT 1",
      )
      .get(grantId, nowMs) !== undefined
  );
}

/**
 * Makes room for one more session of the grant's user and application: while
 * the user's other open sessions number 20 or more, the oldest is closed.
 */
export function makeRoomForSession(db: SandboxDatabase, grantId: string, nowMs: number): void {
  const grant = db.sql
    .prepare("SELECT client_id, username FROM oauth_grants WHERE id = ?")
    .get(grantId) as { client_id: string; username: string } | undefined;
  if (!grant) throw new Error("grant not found");
  const open = db.sql
    .prepare(
      `SELECT DISTINCT g.id, g.session_seq FROM oauth_grants g
       JOIN oauth_access_tokens t ON t.grant_id = g.id
       WHERE g.username = ? AND g.client_id = ? AND g.id <> ? AND g.revoked_at IS NULL
         AND t.revoked_at IS NULL AND t.expires_at > ?
       ORDER BY g.session_seq`,
    )
    .all(grant.username, grant.client_id, grantId, nowMs) as Array<{ id: string }>;
  const excess = open.length - (MAX_OPEN_SESSIONS - 1);
  for (const session of open.slice(0, Math.max(0, excess))) {
    revokeGrantAccessTokens(db, session.id, "session_limit", nowMs);
  }
}

/** The next position in the order of sessions (oldest first). */
export function nextSessionSeq(db: SandboxDatabase): number {
  const row = db.sql
    .prepare("SELECT COALESCE(MAX(session_seq), 0) + 1 AS seq FROM oauth_grants")
    .get() as {
    seq: number;
  };
  return row.seq;
}
