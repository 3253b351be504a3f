// Tests of the OAuth client's error guards: each recognises its own class (and
// a copy from another package instance, by code and field), and no other.
import { describe, expect, it } from "vitest";
import { ShipbridgeError } from "../errors/shipbridge-error.ts";
import {
  AuthorizationDeniedError,
  isAuthorizationDeniedError,
  isOAuthError,
  isOAuthUsageError,
  isReauthorizationRequiredError,
  isStateMismatchError,
  isTokenEndpointError,
  OAUTH_CLIENT_ERROR_CODES,
  OAuthError,
  OAuthUsageError,
  ReauthorizationRequiredError,
  StateMismatchError,
  TokenEndpointError,
} from "./errors.ts";

const ERRORS = {
  oauth: new OAuthError("invalid_client", undefined, { status: 401 }),
  denied: new AuthorizationDeniedError("no"),
  state: new StateMismatchError("its state is not the one sent"),
  reauth: new ReauthorizationRequiredError("not_connected"),
  endpoint: new TokenEndpointError(OAUTH_CLIENT_ERROR_CODES.token_endpoint_unavailable, "down", {
    endpoints: ["https://a/oauth/token"],
  }),
  usage: new OAuthUsageError(OAUTH_CLIENT_ERROR_CODES.invalid_oauth_options, "clientId: required"),
};

const GUARDS = {
  oauth: isOAuthError,
  denied: isAuthorizationDeniedError,
  state: isStateMismatchError,
  reauth: isReauthorizationRequiredError,
  endpoint: isTokenEndpointError,
  usage: isOAuthUsageError,
};

/** What each guard accepts: AuthorizationDeniedError is an OAuthError too. */
const ACCEPTS: Record<keyof typeof GUARDS, (keyof typeof ERRORS)[]> = {
  oauth: ["oauth", "denied"],
  denied: ["denied"],
  state: ["state"],
  reauth: ["reauth"],
  endpoint: ["endpoint"],
  usage: ["usage"],
};

describe("the OAuth error guards", () => {
  it.each(Object.keys(GUARDS) as (keyof typeof GUARDS)[])(
    "%s accepts its own class only",
    (name) => {
      const accepted = (Object.keys(ERRORS) as (keyof typeof ERRORS)[]).filter((key) =>
        GUARDS[name](ERRORS[key]),
      );
      expect(accepted).toEqual(ACCEPTS[name]);
    },
  );

  it("recognise errors of another copy of the package, by their code and fields", () => {
    const foreign = (code: string, fields: object): unknown => {
      const e = new ShipbridgeError(code, "from another copy");
      return Object.assign(e, fields);
    };
    expect(
      isReauthorizationRequiredError(foreign("reauthorization_required", { reason: "x" })),
    ).toBe(true);
    expect(isTokenEndpointError(foreign("invalid_token_response", { endpoints: [] }))).toBe(true);
    expect(isOAuthError(foreign("oauth_error", { error: "invalid_grant" }))).toBe(true);
  });

  it("reject look-alikes without the brand, and other values", () => {
    const plain = Object.assign(new Error("x"), { code: "state_mismatch" });
    for (const guard of Object.values(GUARDS)) {
      expect(guard(plain)).toBe(false);
      expect(guard(undefined)).toBe(false);
      expect(guard("oauth_error")).toBe(false);
    }
  });
});
