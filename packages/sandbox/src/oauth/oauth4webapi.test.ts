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
