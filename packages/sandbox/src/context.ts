// What every part of the sandbox shares: its state, its clock, its config and
// its addresses. Route factories receive it by closure; request-scoped values
// travel on Hono's context variables (SandboxEnv).
import type { Language } from "@shipbridge/core";
import type { SandboxClock } from "./clock/sandbox-clock.ts";
import type { SandboxConfig } from "./config.ts";
import type { LoginLockouts } from "./lockouts/login-lockouts.ts";
import type { SandboxDatabase } from "./state/database.ts";

export interface SandboxContext {
  readonly db: SandboxDatabase;
  readonly clock: SandboxClock;
  /**
   * The config file's applications and users. The applications are copied to
   * the database at start (table oauth_applications), where the admin endpoint
   * adds more at run time: look applications up there, not here.
   */
  readonly config: SandboxConfig;
  /** Wrong-password counts and lockouts of users and clients (in memory). */
  readonly lockouts: LoginLockouts;
  /** Set once the servers listen. */
  baseUrl: string;
  accountUrl: string;
}

/** Who a verified access token speaks for; set by the access-token middleware. */
export interface AccessGrant {
  readonly tokenId: string;
  readonly clientId: string;
  /** null for client_credentials tokens, which carry no user. */
  readonly username: string | null;
  readonly scope: string;
}

export type SandboxEnv = {
  Variables: {
    grant: AccessGrant;
    language: Language;
    apiVersion: 1 | 2;
  };
};
