// The OAuth client's public surface: the client, the two token stores, the
// TokenSet a custom TokenStore persists, and the errors; no grant, request
// or redaction helper.
import { expect, it } from "vitest";
import * as oauth from "./index.ts";

it("exports the client, the stores, TokenSet and the errors, and nothing else", () => {
  expect(Object.keys(oauth).sort()).toEqual([
    "AuthorizationDeniedError",
    "MemoryTokenStore",
    "OAUTH_CLIENT_ERROR_CODES",
    "OAuthClient",
    "OAuthError",
    "OAuthUsageError",
    "ReauthorizationRequiredError",
    "SqliteTokenStore",
    "StateMismatchError",
    "TokenEndpointError",
    "TokenSet",
  ]);
});
