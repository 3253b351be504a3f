// Tests of the OAuth 2.0 schemas: token response, authorization redirect result
// and error body.
import { describe, expect, it } from "vitest";
import { AuthorizationRedirectResultSchema } from "./authorization-redirect-result.ts";
import { OAuthErrorResponseSchema } from "./oauth-error-response.ts";
import { TokenResponseSchema } from "./token-response.ts";

describe("TokenResponseSchema", () => {
  it("reads a user-grant answer with its refresh token", () => {
    const parsed = TokenResponseSchema.parse({
      token_type: "Bearer",
      expires_in: 2678400,
      access_token: "eyJ.a.b",
      refresh_token: "def502",
    });
    expect(parsed).toEqual({
      token_type: "Bearer",
      expires_in: 2678400,
      access_token: "eyJ.a.b",
      refresh_token: "def502",
    });
  });

  it("reads a client_credentials answer without refresh token, and any case of bearer", () => {
    const parsed = TokenResponseSchema.parse({
      token_type: "bearer",
      expires_in: 3600,
      access_token: "eyJ.a.b",
      scope: "api",
      id_token: "x",
    });
    expect(parsed.token_type).toBe("Bearer");
    expect(parsed.refresh_token).toBeUndefined();
    expect(parsed["id_token"]).toBe("x");
  });

  it("rejects another token type and a fractional lifetime", () => {
    const result = TokenResponseSchema.safeParse({
      token_type: "mac",
      expires_in: 3600.5,
      access_token: "a",
    });
    expect(result.error?.issues.map((issue) => issue.path[0])).toEqual([
      "token_type",
      "expires_in",
    ]);
  });
});

describe("AuthorizationRedirectResultSchema", () => {
  it("needs the code; state is optional", () => {
    expect(AuthorizationRedirectResultSchema.parse({ code: "a/b+c=" })).toEqual({ code: "a/b+c=" });
    expect(AuthorizationRedirectResultSchema.parse({ code: "x", state: "s1", iss: "i" })).toEqual({
      code: "x",
      state: "s1",
      iss: "i",
    });
    expect(
      AuthorizationRedirectResultSchema.safeParse({ state: "s1" }).error?.issues[0]?.path,
    ).toEqual(["code"]);
  });
});

describe("OAuthErrorResponseSchema", () => {
  it("reads an RFC 6749 error body", () => {
    expect(
      OAuthErrorResponseSchema.parse({ error: "invalid_grant", error_description: "Code expired" }),
    ).toEqual({ error: "invalid_grant", error_description: "Code expired" });
    expect(OAuthErrorResponseSchema.safeParse({ message: "x" }).success).toBe(false);
  });
});
