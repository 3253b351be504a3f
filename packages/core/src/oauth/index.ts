// @shipbridge/core/oauth: the OAuth 2.0 client alone, with its token stores and
// errors. It loads neither the REST client (ky) nor the schemas (zod).
export {
  AuthorizationDeniedError,
  isAuthorizationDeniedError,
  isOAuthError,
  isOAuthUsageError,
  isReauthorizationRequiredError,
  isStateMismatchError,
  isTokenEndpointError,
  OAUTH_CLIENT_ERROR_CODES,
  type OAuthClientErrorCode,
  OAuthError,
  OAuthUsageError,
  type ReauthorizationReason,
  ReauthorizationRequiredError,
  StateMismatchError,
  TokenEndpointError,
} from "./errors.ts";
export type { LeaseStore } from "./lease-store.ts";
export { MemoryTokenStore } from "./memory-token-store.ts";
export { type AccessTokenOptions, OAuthClient, type OAuthClientOptions } from "./oauth-client.ts";
export { SqliteTokenStore, type SqliteTokenStoreOptions } from "./sqlite-token-store.ts";
export { type GrantType, type TokenRecord, TokenSet } from "./token-set.ts";
export type { TokenStore, TokenStoreEntry } from "./token-store.ts";
