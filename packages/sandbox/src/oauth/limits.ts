// The service's limits (spec section 8), in one place.

/** Authorization code validity: 30 seconds, single use. */
export const CODE_LIFETIME_SECONDS = 30;
/** Access token validity for user grants: 30 days. */
export const USER_TOKEN_LIFETIME_SECONDS = 30 * 24 * 60 * 60;
/** Client-credentials token validity: 60 minutes. */
export const CLIENT_TOKEN_LIFETIME_SECONDS = 3600;
/** Open sessions per user per OAuth application. */
export const MAX_OPEN_SESSIONS = 20;
/** How far refresh tokens extend a user's authorization: 3 calendar months. */
export const AUTHORIZATION_MONTHS = 3;
/** How long the login and consent pages of one authorization request stay usable. */
export const AUTHORIZATION_REQUEST_LIFETIME_SECONDS = 10 * 60;

/** The end of a user's authorization given at `authorizedAtMs`: 3 calendar months later (UTC). */
export function authorizationEnd(authorizedAtMs: number): number {
  const end = new Date(authorizedAtMs);
  const day = end.getUTCDate();
  end.setUTCMonth(end.getUTCMonth() + AUTHORIZATION_MONTHS, 1);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end.getTime();
}
