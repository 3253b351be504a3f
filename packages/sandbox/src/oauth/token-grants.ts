// The four grants of POST /oauth/token (spec sections 3, 4.2 and 5). Each
// runs in three steps so that a request never leaves half-written state:
// check (read only), sign the JWT, then commit in one transaction that
// re-checks single use (so two concurrent uses of one code or refresh token
// cannot both win).
import type { SandboxContext } from "../context.ts";
import { LOCKOUT_MESSAGES } from "../lockouts/login-lockouts.ts";
import {
  type AccessTokenPlan,
  hasOpenSession,
  makeRoomForSession,
  nextSessionSeq,
  planAccessToken,
  recordAccessToken,
  revokeGrantAccessTokens,
  signAccessToken,
} from "./access-tokens.ts";
import type { Application } from "./applications.ts";
import {
  authorizationEnd,
  CLIENT_TOKEN_LIFETIME_SECONDS,
  USER_TOKEN_LIFETIME_SECONDS,
} from "./limits.ts";
import { OAuthError } from "./oauth-error.ts";
import { isSubScope, parseScope } from "./scope.ts";
import { randomId, randomToken, sha256 } from "./secrets.ts";
import { authenticateUser } from "./users.ts";

export interface TokenResponse {
  token_type: "Bearer";
  expires_in: number;
  access_token: string;
  refresh_token?: string;
}

function required(form: URLSearchParams, name: string): string {
  const value = form.get(name);
  if (value === null || value === "") {
    throw new OAuthError(
      "invalid_request",
      `The parameter ${name} is required for grant_type=${form.get("grant_type")}.`,
    );
  }
  return value;
}

function requestedScope(form: URLSearchParams): string {
  const scope = parseScope(form.get("scope") ?? undefined);
  if (scope === null) {
    throw new OAuthError(
      "invalid_scope",
      "scope must be a space-separated list of scope names (default api).",
    );
  }
  return scope;
}

interface NewGrant {
  readonly id: string;
  readonly clientId: string;
  readonly username: string;
  readonly scope: string;
  readonly origin: "authorization_code" | "password";
}

function insertGrant(ctx: SandboxContext, grant: NewGrant, nowMs: number): void {
  ctx.db.sql
    .prepare(
      `INSERT INTO oauth_grants (id, client_id, username, scope, origin, authorized_at, authorized_until,
         session_started_at, session_seq)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      grant.id,
      grant.clientId,
      grant.username,
      grant.scope,
      grant.origin,
      nowMs,
      authorizationEnd(nowMs),
      nowMs,
      nextSessionSeq(ctx.db),
    );
}

function insertRefreshToken(
  ctx: SandboxContext,
  grantId: string,
  clientId: string,
  nowMs: number,
): string {
  const token = randomToken(32);
  ctx.db.sql
    .prepare(
      "INSERT INTO oauth_refresh_tokens (token_hash, grant_id, client_id, issued_at) VALUES (?, ?, ?, ?)",
    )
    .run(sha256(token), grantId, clientId, nowMs);
  return token;
}

function userTokens(
  plan: AccessTokenPlan,
  accessToken: string,
  refreshToken: string,
): TokenResponse {
  return {
    token_type: "Bearer",
    expires_in: plan.lifetime,
    access_token: accessToken,
    refresh_token: refreshToken,
  };
}

/** Opens a new user grant (authorization_code or password) with its first session. */
async function openGrant(
  ctx: SandboxContext,
  grant: Omit<NewGrant, "id">,
  beforeCommit: (grantId: string, nowMs: number) => void = () => {},
): Promise<TokenResponse> {
  const plan = planAccessToken(
    ctx,
    {
      clientId: grant.clientId,
      username: grant.username,
      scope: grant.scope,
      grantType: grant.origin,
    },
    USER_TOKEN_LIFETIME_SECONDS,
  );
  const accessToken = await signAccessToken(ctx, plan);
  const id = randomId();
  const refreshToken = ctx.db.transaction(() => {
    const nowMs = ctx.clock.nowMs();
    insertGrant(ctx, { ...grant, id }, nowMs);
    beforeCommit(id, nowMs);
    makeRoomForSession(ctx.db, id, nowMs);
    recordAccessToken(ctx.db, plan, id);
    return insertRefreshToken(ctx, id, grant.clientId, nowMs);
  });
  return userTokens(plan, accessToken, refreshToken);
}

interface CodeRow {
  code_hash: string;
  client_id: string;
  redirect_uri: string;
  username: string;
  scope: string;
  expires_at: number;
  used_at: number | null;
  grant_id: string | null;
}

/** A second use of a code: refused, and everything issued from it is revoked (RFC 6749 section 10.5). */
function refuseReusedCode(ctx: SandboxContext, row: CodeRow): never {
  if (row.grant_id !== null) {
    const grantId = row.grant_id;
    ctx.db.transaction(() => {
      const nowMs = ctx.clock.nowMs();
      ctx.db.sql
        .prepare(
          "UPDATE oauth_grants SET revoked_at = ?, revoked_reason = 'code_reused' WHERE id = ? AND revoked_at IS NULL",
        )
        .run(nowMs, grantId);
      revokeGrantAccessTokens(ctx.db, grantId, "code_reused", nowMs);
    });
  }
  throw new OAuthError(
    "invalid_grant",
    "The authorization code was already used. It is single use; the tokens issued from it are now revoked.",
  );
}

export async function authorizationCodeGrant(
  ctx: SandboxContext,
  app: Application,
  form: URLSearchParams,
): Promise<TokenResponse> {
  const code = required(form, "code");
  const redirectUri = required(form, "redirect_uri");
  const hash = sha256(code);
  const find = () =>
    ctx.db.sql.prepare("SELECT * FROM oauth_codes WHERE code_hash = ?").get(hash) as
      | CodeRow
      | undefined;
  const row = find();
  if (!row) {
    throw new OAuthError(
      "invalid_grant",
      "The authorization code is not valid. Send the code exactly as issued, URL-decoded from the return address.",
    );
  }
  if (row.client_id !== app.client_id) {
    throw new OAuthError("invalid_grant", "The authorization code was issued to another client.");
  }
  if (row.used_at !== null) refuseReusedCode(ctx, row);
  if (ctx.clock.nowMs() >= row.expires_at) {
    throw new OAuthError(
      "invalid_grant",
      "The authorization code has expired: it is valid for 30 seconds.",
    );
  }
  if (row.redirect_uri !== redirectUri) {
    throw new OAuthError(
      "invalid_grant",
      "redirect_uri does not equal the address the authorization code was issued for.",
    );
  }
  let raced = false;
  const tokens = await openGrant(
    ctx,
    {
      clientId: app.client_id,
      username: row.username,
      scope: row.scope,
      origin: "authorization_code",
    },
    (grantId, nowMs) => {
      const used = ctx.db.sql
        .prepare(
          "UPDATE oauth_codes SET used_at = ?, grant_id = ? WHERE code_hash = ? AND used_at IS NULL",
        )
        .run(nowMs, grantId, hash);
      if (Number(used.changes) !== 1) {
        raced = true;
        throw new OAuthError("invalid_grant", "The authorization code was already used.");
      }
    },
  ).catch((error: unknown) => {
    const again = find();
    if (raced && again) refuseReusedCode(ctx, again);
    throw error;
  });
  return tokens;
}

interface RefreshRow {
  token_hash: string;
  grant_id: string;
  client_id: string;
  used_at: number | null;
  username: string;
  scope: string;
  authorized_until: number;
  grant_revoked_at: number | null;
}

export async function refreshTokenGrant(
  ctx: SandboxContext,
  app: Application,
  form: URLSearchParams,
): Promise<TokenResponse> {
  const token = required(form, "refresh_token");
  const hash = sha256(token);
  const row = ctx.db.sql
    .prepare(
      `SELECT r.token_hash, r.grant_id, r.client_id, r.used_at, g.username, g.scope, g.authorized_until,
              g.revoked_at AS grant_revoked_at
       FROM oauth_refresh_tokens r JOIN oauth_grants g ON g.id = r.grant_id WHERE r.token_hash = ?`,
    )
    .get(hash) as RefreshRow | undefined;
  if (!row) {
    throw new OAuthError(
      "invalid_grant",
      "The refresh token is not valid. Client-credentials tokens cannot be renewed; request a new one instead.",
    );
  }
  if (row.client_id !== app.client_id) {
    throw new OAuthError("invalid_grant", "The refresh token was issued to another client.");
  }
  if (row.used_at !== null) {
    throw new OAuthError(
      "invalid_grant",
      "The refresh token was already used: each refresh token is single use.",
    );
  }
  if (row.grant_revoked_at !== null) {
    throw new OAuthError(
      "invalid_grant",
      "The user's authorization was revoked; the user must authorize again.",
    );
  }
  if (ctx.clock.nowMs() >= row.authorized_until) {
    throw new OAuthError(
      "invalid_grant",
      "The user's authorization ended: refresh tokens extend it up to 3 months; the user must authorize again.",
    );
  }
  let scope = row.scope;
  if (form.has("scope")) {
    scope = requestedScope(form);
    if (!isSubScope(scope, row.scope)) {
      throw new OAuthError(
        "invalid_scope",
        `The requested scope goes beyond the authorized scope (${row.scope}).`,
      );
    }
  }
  const plan = planAccessToken(
    ctx,
    { clientId: app.client_id, username: row.username, scope, grantType: "refresh_token" },
    USER_TOKEN_LIFETIME_SECONDS,
  );
  const accessToken = await signAccessToken(ctx, plan);
  const refreshToken = ctx.db.transaction(() => {
    const nowMs = ctx.clock.nowMs();
    const used = ctx.db.sql
      .prepare(
        "UPDATE oauth_refresh_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL",
      )
      .run(nowMs, hash);
    if (Number(used.changes) !== 1) {
      throw new OAuthError(
        "invalid_grant",
        "The refresh token was already used: each refresh token is single use.",
      );
    }
    // The refreshed session keeps its place among the user's sessions; a
    // session that was closed (expired or evicted) opens again as the newest.
    if (!hasOpenSession(ctx.db, row.grant_id, nowMs)) {
      ctx.db.sql
        .prepare("UPDATE oauth_grants SET session_started_at = ?, session_seq = ? WHERE id = ?")
        .run(nowMs, nextSessionSeq(ctx.db), row.grant_id);
    }
    revokeGrantAccessTokens(ctx.db, row.grant_id, "refreshed", nowMs);
    makeRoomForSession(ctx.db, row.grant_id, nowMs);
    recordAccessToken(ctx.db, plan, row.grant_id);
    return insertRefreshToken(ctx, row.grant_id, app.client_id, nowMs);
  });
  return userTokens(plan, accessToken, refreshToken);
}

export async function passwordGrant(
  ctx: SandboxContext,
  app: Application,
  form: URLSearchParams,
): Promise<TokenResponse> {
  const username = required(form, "username");
  const password = required(form, "password");
  const scope = requestedScope(form);
  const lockout = ctx.lockouts.check(username, app.client_id);
  if (lockout) {
    throw new OAuthError(
      "invalid_grant",
      LOCKOUT_MESSAGES[lockout.kind](lockout.retryAfterSeconds),
      { retryAfter: lockout.retryAfterSeconds },
    );
  }
  const user = authenticateUser(ctx.config, username, password);
  if (!user) {
    ctx.lockouts.failed(username, app.client_id);
    throw new OAuthError("invalid_grant", "Wrong username or password.");
  }
  ctx.lockouts.succeeded(user.username);
  return openGrant(ctx, {
    clientId: app.client_id,
    username: user.username,
    scope,
    origin: "password",
  });
}

export async function clientCredentialsGrant(
  ctx: SandboxContext,
  app: Application,
  form: URLSearchParams,
): Promise<TokenResponse> {
  const scope = requestedScope(form);
  const plan = planAccessToken(
    ctx,
    { clientId: app.client_id, username: null, scope, grantType: "client_credentials" },
    CLIENT_TOKEN_LIFETIME_SECONDS,
  );
  const accessToken = await signAccessToken(ctx, plan);
  ctx.db.transaction(() => recordAccessToken(ctx.db, plan, null));
  return { token_type: "Bearer", expires_in: plan.lifetime, access_token: accessToken };
}
