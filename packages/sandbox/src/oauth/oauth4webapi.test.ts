// Interoperability: the third-party client oauth4webapi completes every grant
// against the sandbox (authorization_code through the real login and consent
// pages, refresh_token, password as a generic grant, client_credentials), on
// both token addresses.
import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP, TestSandbox, USER } from "../../test/sandbox-fixture.ts";
import { authorizeInBrowser } from "./browser-login.ts";

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await TestSandbox.start();
});
afterAll(() => sandbox.close());

const client: oauth.Client = { client_id: APP.client_id };
const clientAuth = oauth.ClientSecretBasic(APP.client_secret);
const insecure = { [oauth.allowInsecureRequests]: true };

function server(tokenHost: "baseUrl" | "accountUrl"): oauth.AuthorizationServer {
  return {
    issuer: sandbox.baseUrl,
    authorization_endpoint: `${sandbox.baseUrl}/oauth/authorize`,
    token_endpoint: `${sandbox[tokenHost]}/oauth/token`,
    jwks_uri: `${sandbox.baseUrl}/.well-known/jwks.json`,
  };
}

describe.each(["baseUrl", "accountUrl"] as const)(
  "oauth4webapi against the token endpoint at %s",
  (host) => {
    it("authorization_code, then refresh_token with rotation", async () => {
      const as = server(host);
      const state = oauth.generateRandomState();
      const authorizationUrl = new URL(as.authorization_endpoint as string);
      authorizationUrl.searchParams.set("response_type", "code");
      authorizationUrl.searchParams.set("client_id", client.client_id);
      authorizationUrl.searchParams.set("redirect_uri", APP.redirect_uri);
      authorizationUrl.searchParams.set("state", state);
      authorizationUrl.searchParams.set("scope", "api");

      const callback = new URL(await authorizeInBrowser(authorizationUrl.toString(), USER));
      const params = oauth.validateAuthResponse(as, client, callback, state);
      const codeResponse = await oauth.authorizationCodeGrantRequest(
        as,
        client,
        clientAuth,
        params,
        APP.redirect_uri,
        oauth.nopkce,
        insecure,
      );
      const tokens = await oauth.processAuthorizationCodeResponse(as, client, codeResponse);
      expect(tokens.token_type).toBe("bearer");
      expect(tokens.expires_in).toBe(2_592_000);
      expect(tokens.refresh_token).toBeTruthy();
      expect((await sandbox.whoami(tokens.access_token)).status).toBe(200);

      const refreshResponse = await oauth.refreshTokenGrantRequest(
        as,
        client,
        clientAuth,
        tokens.refresh_token as string,
        insecure,
      );
      const refreshed = await oauth.processRefreshTokenResponse(as, client, refreshResponse);
      expect(refreshed.refresh_token).toBeTruthy();
      expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
      expect((await sandbox.whoami(refreshed.access_token)).status).toBe(200);

      const reuse = await oauth.refreshTokenGrantRequest(
        as,
        client,
        clientAuth,
        tokens.refresh_token as string,
        insecure,
      );
      await expect(oauth.processRefreshTokenResponse(as, client, reuse)).rejects.toMatchObject({
        code: oauth.RESPONSE_BODY_ERROR,
        error: "invalid_grant",
      });
    });

    it("password, as a generic grant", async () => {
      const as = server(host);
      const response = await oauth.genericTokenEndpointRequest(
        as,
        client,
        clientAuth,
        "password",
        { username: USER.username, password: USER.password },
        insecure,
      );
      const tokens = await oauth.processGenericTokenEndpointResponse(as, client, response);
      expect(tokens.expires_in).toBe(2_592_000);
      expect(tokens.refresh_token).toBeTruthy();
      expect((await sandbox.whoami(tokens.access_token)).status).toBe(200);
    });

    it("client_credentials", async () => {
      const as = server(host);
      const response = await oauth.clientCredentialsGrantRequest(
        as,
        client,
        clientAuth,
        { scope: "api" },
        insecure,
      );
      const tokens = await oauth.processClientCredentialsResponse(as, client, response);
      expect(tokens.expires_in).toBe(3600);
      expect(tokens.refresh_token).toBeUndefined();
      expect((await sandbox.whoami(tokens.access_token)).status).toBe(200);
    });

    it("reads an injected fault as an OAuth error, with its status and Retry-After", async () => {
      const as = server(host);
      const expected = [
        { status: 503, error: "temporarily_unavailable", retryAfter: "7" },
        { status: 429, error: "temporarily_unavailable", retryAfter: "1" },
        { status: 500, error: "server_error", retryAfter: null },
        { status: 504, error: "server_error", retryAfter: null },
      ];
      for (const fault of expected) {
        const added = await fetch(`${sandbox.baseUrl}/_sandbox/faults`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            status: fault.status,
            path: "/oauth/token",
            count: 1,
            ...(fault.status === 503 ? { retry_after: 7 } : {}),
          }),
        });
        expect(added.status).toBe(201);
        const response = await oauth.clientCredentialsGrantRequest(
          as,
          client,
          clientAuth,
          {},
          insecure,
        );
        const error = await oauth
          .processClientCredentialsResponse(as, client, response)
          .catch((e: unknown) => e);
        // oauth4webapi reads the error body of 4xx answers; of 5xx it keeps the response.
        let answer: Response;
        let body: Record<string, unknown>;
        if (fault.status < 500) {
          expect(error, String(fault.status)).toBeInstanceOf(oauth.ResponseBodyError);
          const bodyError = error as oauth.ResponseBodyError;
          expect(bodyError.error).toBe(fault.error);
          answer = bodyError.response;
          body = bodyError.cause as Record<string, unknown>;
        } else {
          expect(error).toBeInstanceOf(oauth.OperationProcessingError);
          expect((error as oauth.OperationProcessingError).code).toBe(
            oauth.RESPONSE_IS_NOT_CONFORM,
          );
          answer = (error as oauth.OperationProcessingError).cause as Response;
          body = (await answer.json()) as Record<string, unknown>;
        }
        expect(answer.status).toBe(fault.status);
        expect(answer.headers.get("retry-after")).toBe(fault.retryAfter);
        expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
        expect(Object.keys(body).sort(), String(fault.status)).toEqual([
          "error",
          "error_description",
        ]);
        expect(body.error).toBe(fault.error);
        expect(body.error_description).toMatch(/\S/);
      }
    });

    it("sees the Basic challenge and invalid_client for a wrong secret", async () => {
      const as = server(host);
      const response = await oauth.clientCredentialsGrantRequest(
        as,
        client,
        oauth.ClientSecretBasic("not-the-secret"),
        {},
        insecure,
      );
      const error = await oauth
        .processClientCredentialsResponse(as, client, response)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
      const challenge = error as oauth.WWWAuthenticateChallengeError;
      expect(challenge.status).toBe(401);
      expect(challenge.cause[0]?.scheme).toBe("basic");
      expect(await challenge.response.json()).toMatchObject({ error: "invalid_client" });
    });
  },
);
