// The OAuth client's hand-written readers accept and refuse exactly what the
// schemas of the token and error responses do.
import { describe, expect, it } from "vitest";
import { OAuthErrorResponseSchema } from "../schemas/oauth-error-response.ts";
import { TokenResponseSchema } from "../schemas/token-response.ts";
import { readOAuthErrorResponse, readTokenResponse } from "./oauth-responses.ts";

const TOKEN = { token_type: "Bearer", expires_in: 2592000, access_token: "a", refresh_token: "r" };

const TOKEN_BODIES: unknown[] = [
  TOKEN,
  { ...TOKEN, token_type: "bearer" },
  { ...TOKEN, token_type: "BEARER", scope: "api", id_token: "x" },
  { ...TOKEN, refresh_token: undefined },
  { ...TOKEN, expires_in: 0 },
  { ...TOKEN, token_type: "mac" },
  { ...TOKEN, token_type: 1 },
  { ...TOKEN, expires_in: 1.5 },
  { ...TOKEN, expires_in: -1 },
  { ...TOKEN, expires_in: "3600" },
  { ...TOKEN, expires_in: Number.NaN },
  { ...TOKEN, expires_in: Number.POSITIVE_INFINITY },
  { ...TOKEN, access_token: "" },
  { ...TOKEN, access_token: undefined },
  { ...TOKEN, refresh_token: "" },
  { ...TOKEN, refresh_token: null },
  { ...TOKEN, scope: 7 },
  { token_type: "Bearer" },
  null,
  [],
  "token",
  undefined,
];

const ERROR_BODIES: unknown[] = [
  { error: "invalid_grant" },
  { error: "invalid_client", error_description: "bad secret", error_uri: "https://x" },
  { error: "custom_error", extra: true },
  { error: "" },
  { error: 1 },
  { error: "invalid_grant", error_description: 5 },
  { error: "invalid_grant", error_uri: null },
  { error_description: "no code" },
  null,
  [],
  "invalid_grant",
];

describe("readTokenResponse", () => {
  it.each(TOKEN_BODIES.map((body) => [JSON.stringify(body) ?? "undefined", body]))(
    "agrees with TokenResponseSchema on %s",
    (_, body) => {
      const schema = TokenResponseSchema.safeParse(body);
      const read = readTokenResponse(body);
      expect(read.success).toBe(schema.success);
      if (read.success && schema.success) {
        const { token_type, expires_in, access_token, refresh_token, scope } = schema.data;
        expect(read.data).toEqual({ token_type, expires_in, access_token, refresh_token, scope });
      }
    },
  );

  it("names each wrong field without quoting its value", () => {
    const read = readTokenResponse({ token_type: "mac", expires_in: -1, access_token: "" });
    expect(read.success).toBe(false);
    if (!read.success) {
      expect(read.problems.map((p) => p.split(":")[0])).toEqual([
        "token_type",
        "expires_in",
        "access_token",
      ]);
      expect(read.problems.join(" ")).not.toContain("mac");
    }
  });
});

describe("readOAuthErrorResponse", () => {
  it.each(ERROR_BODIES.map((body) => [JSON.stringify(body), body]))(
    "agrees with OAuthErrorResponseSchema on %s",
    (_, body) => {
      const schema = OAuthErrorResponseSchema.safeParse(body);
      const read = readOAuthErrorResponse(body);
      expect(read !== undefined).toBe(schema.success);
      if (read !== undefined && schema.success) {
        expect(read.error).toBe(schema.data.error);
        expect(read.error_description).toBe(schema.data.error_description);
      }
    },
  );
});
