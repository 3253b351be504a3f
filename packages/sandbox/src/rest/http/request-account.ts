// Whose data a request reads and writes: the user behind the access token,
// narrowed to one of the user's companies by X-Company-Id. Packages, orders,
// templates and the rest are stored under this account's key, so two users (or
// a user's two companies) never see each other's data.
import type { Context } from "hono";
import type { SandboxContext, SandboxEnv } from "../../context.ts";
import { RestError } from "./rest-error.ts";

export interface RequestAccount {
  /** null when the token comes from client_credentials and carries no user. */
  readonly username: string | null;
  readonly clientId: string;
  /** The company chosen with X-Company-Id, or null for the user's own account. */
  readonly companyId: string | null;
  /** The storage key: one per user and company. */
  readonly key: string;
}

export function accountKey(username: string, companyId: string | null): string {
  return companyId === null ? `user:${username}` : `user:${username}#company:${companyId}`;
}

/** Resolves X-Company-Id against the user's companies; any other company is a 403. */
export function resolveAccount(c: Context<SandboxEnv>, ctx: SandboxContext): RequestAccount {
  const grant = c.get("grant");
  const requested = c.req.header("x-company-id")?.trim();
  if (grant.username === null) {
    if (requested) {
      throw new RestError(403, "company_forbidden", {
        en_GB:
          "X-Company-Id needs a user's access token; an application token (client_credentials) has no companies.",
        pl_PL:
          "X-Company-Id wymaga tokenu użytkownika; token aplikacji (client_credentials) nie ma firm.",
      });
    }
    return {
      username: null,
      clientId: grant.clientId,
      companyId: null,
      key: `client:${grant.clientId}`,
    };
  }
  if (!requested) {
    return {
      username: grant.username,
      clientId: grant.clientId,
      companyId: null,
      key: accountKey(grant.username, null),
    };
  }
  const user = ctx.config.users.find((u) => u.username === grant.username);
  const company = user?.companies?.find((co) => co.id === requested);
  if (!company) {
    throw new RestError(403, "company_forbidden", {
      en_GB: `X-Company-Id ${requested} is not one of your companies.`,
      pl_PL: `X-Company-Id ${requested} nie jest jedną z Twoich firm.`,
    });
  }
  return {
    username: grant.username,
    clientId: grant.clientId,
    companyId: company.id,
    key: accountKey(grant.username, company.id),
  };
}

/** The account of a request that needs a user; application tokens get a 403. */
export function requireUserAccount(
  c: Context<SandboxEnv>,
  ctx: SandboxContext,
): RequestAccount & { username: string } {
  const account = resolveAccount(c, ctx);
  if (account.username === null) {
    throw new RestError(403, "user_token_required", {
      en_GB:
        "This resource belongs to a user's account: use a user's access token (authorization_code, refresh_token or password grant), not client_credentials.",
      pl_PL:
        "Ten zasób należy do konta użytkownika: użyj tokenu użytkownika (authorization_code, refresh_token lub password), a nie client_credentials.",
    });
  }
  return account as RequestAccount & { username: string };
}
