// The OAuth 2.0 server's tables. Everything that must survive a restart with
// --data lives here: applications registered at run time, pending
// authorization requests, codes, grants (one per user authorization), refresh
// tokens and access tokens (each open access token of a user is a session).
// Secrets (codes, refresh tokens) are stored only as SHA-256 hashes.
import type { SandboxDatabase } from "../state/database.ts";

const DDL = `
CREATE TABLE oauth_applications (
  client_id TEXT PRIMARY KEY,
  client_secret TEXT NOT NULL,
  redirect_uri TEXT,
  name TEXT,
  source TEXT NOT NULL CHECK (source IN ('config', 'admin')),
  created_at INTEGER NOT NULL
) STRICT;

CREATE TABLE oauth_authorization_requests (
  id TEXT PRIMARY KEY,
  client_id TEXT NOT NULL,
  redirect_uri TEXT NOT NULL,
  state TEXT,
  scope TEXT NOT NULL,
  csrf_token TEXT NOT NULL,
  username TEXT,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
) STRICT;

CREATE TABLE oauth_grants (
  id TEXT PRIMARY KEY,
  client_id TEXT NOT NULL,
  username TEXT NOT NULL,
  scope TEXT NOT NULL,
  origin TEXT NOT NULL CHECK (origin IN ('authorization_code', 'password')),
  authorized_at INTEGER NOT NULL,
  authorized_until INTEGER NOT NULL,
  session_started_at INTEGER NOT NULL,
  session_seq INTEGER NOT NULL,
  revoked_at INTEGER,
  revoked_reason TEXT
) STRICT;

CREATE TABLE oauth_codes (
  code_hash TEXT PRIMARY KEY,
  client_id TEXT NOT NULL,
  redirect_uri TEXT NOT NULL,
  username TEXT NOT NULL,
  scope TEXT NOT NULL,
  issued_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER,
  grant_id TEXT REFERENCES oauth_grants (id)
) STRICT;

CREATE TABLE oauth_refresh_tokens (
  token_hash TEXT PRIMARY KEY,
  grant_id TEXT NOT NULL REFERENCES oauth_grants (id),
  client_id TEXT NOT NULL,
  issued_at INTEGER NOT NULL,
  used_at INTEGER
) STRICT;

CREATE TABLE oauth_access_tokens (
  jti TEXT PRIMARY KEY,
  grant_id TEXT REFERENCES oauth_grants (id),
  client_id TEXT NOT NULL,
  username TEXT,
  scope TEXT NOT NULL,
  grant_type TEXT NOT NULL,
  issued_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER,
  revoked_reason TEXT
) STRICT;

CREATE INDEX oauth_access_tokens_by_grant ON oauth_access_tokens (grant_id);
CREATE INDEX oauth_grants_by_user ON oauth_grants (username, client_id);
`;

/** Creates the OAuth tables once per database. */
export function ensureOAuthSchema(db: SandboxDatabase): void {
  db.migrate("oauth-001-initial", DDL);
}
