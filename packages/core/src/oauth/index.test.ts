// The export lock of @shipbridge/core/oauth: the OAuth client, its token
// stores, TokenSet and its errors; no grant, request or redaction helper.
// Any change to this list is a change to the public surface; make it on purpose.
import { expect, it } from "vitest";
import { exportedNames, typeOnlyNames } from "../testing/exported-names.ts";
import * as entry from "./index.ts";

const ALL = exportedNames(new URL("./index.ts", import.meta.url));

it("exports exactly these values", () => {
  expect(Object.keys(entry).sort()).toEqual([
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
    "isAuthorizationDeniedError",
    "isOAuthError",
    "isOAuthUsageError",
    "isReauthorizationRequiredError",
    "isStateMismatchError",
    "isTokenEndpointError",
  ]);
});

it("exports exactly these types", () => {
  expect(typeOnlyNames(ALL, entry)).toEqual([
    "AccessTokenOptions",
    "GrantType",
    "LeaseStore",
    "OAuthClientErrorCode",
    "OAuthClientOptions",
    "ReauthorizationReason",
    "SqliteTokenStoreOptions",
    "TokenRecord",
    "TokenStore",
    "TokenStoreEntry",
  ]);
});
