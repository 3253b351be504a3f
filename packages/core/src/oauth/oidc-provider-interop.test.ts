// Interop: the client against a certified third-party OAuth 2.0 server
// (oidc-provider), started in-process on 127.0.0.1, configured only through
// the client's public options (tokenEndpoint, authorizationEndpoint).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, readForm } from "../../test/oauth/browser.ts";
import { ReauthorizationRequiredError } from "./errors.ts";
import { OAuthClient } from "./oauth-client.ts";

// A secret with characters that RFC 6749 section 2.3.1 form-encodes before base64.
const CLIENT = {
  clientId: "interop-client",
  clientSecret: "s3cr3t: with/+ and %~",
  redirectUri: "http://127.0.0.1:3000/oauth/callback",
};

let server: Server;
let issuer: string;

beforeAll(async () => {
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT.clientId,
        client_secret: CLIENT.clientSecret,
        redirect_uris: [CLIENT.redirectUri],
        grant_types: ["authorization_code", "refresh_token", "client_credentials"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
        scope: "api",
      },
    ],
    scopes: ["api"],
    features: { clientCredentials: { enabled: true }, devInteractions: { enabled: true } },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    rotateRefreshToken: true,
    findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub }) }),
    ttl: {
      AccessToken: 3600,
      ClientCredentials: 600,
      RefreshToken: 86_400,
      Grant: 86_400,
      Session: 3600,
      Interaction: 600,
    },
  });
  server.on("request", provider.callback());
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Plays the user at oidc-provider's development login and consent pages; returns the return address. */
async function authorizeAtProvider(url: string): Promise<string> {
  const browser = new Browser();
  let next = url;
  let init: { method?: string; form?: Record<string, string> } = {};
  for (let step = 0; step < 12; step++) {
    const response = await browser.request(next, init);
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location !== null) {
      const target = new URL(location, next).href;
      if (target.startsWith(CLIENT.redirectUri)) return target;
      next = target;
      init = {};
      continue;
    }
    const html = await response.text();
    if (response.status !== 200)
      throw new Error(
        `oidc-provider answered ${response.status}: ${html.replace(/<style>[\s\S]*?<\/style>/, "").slice(0, 1500)}`,
      );
    const form = readForm(html);
    const fields: Record<string, string> = { ...form.hidden };
    if (html.includes('name="login"'))
      Object.assign(fields, { login: "merchant-1", password: "any" });
    next = new URL(form.action, next).href;
    init = { method: "POST", form: fields };
  }
  throw new Error("oidc-provider did not send the browser back to the return address");
}

describe("interop with oidc-provider", () => {
  it("completes authorization_code, then refreshes with rotation", async () => {
    const oauth = new OAuthClient({
      ...CLIENT,
      tokenEndpoint: `${issuer}/token`,
      authorizationEndpoint: `${issuer}/auth`,
    });
    const { url, state } = oauth.authorizationUrl({ scope: "api" });
    const callback = await authorizeAtProvider(url);
    const first = await oauth.handleRedirect(callback, state);
    expect(first.accessToken.length).toBeGreaterThan(10);
    expect(first.refreshToken).toBeDefined();
    expect(first.expiresAt).toBeDefined();
    expect(await oauth.accessToken()).toBe(first.accessToken);

    const second = await oauth.refresh();
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(second.refreshToken).toBeDefined();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(await oauth.accessToken()).toBe(second.accessToken);

    // The rotated-out refresh token is dead at the server: reusing it asks for reauthorization.
    const stale = new OAuthClient({ ...CLIENT, tokenEndpoint: `${issuer}/token`, key: "stale" });
    await stale.store.compareAndSet("stale", undefined, first);
    await expect(stale.refresh()).rejects.toBeInstanceOf(ReauthorizationRequiredError);
    expect(await stale.tokens()).toBeUndefined();
  });

  it("completes client_credentials and re-acquires instead of refreshing", async () => {
    const oauth = new OAuthClient({
      clientId: CLIENT.clientId,
      clientSecret: CLIENT.clientSecret,
      tokenEndpoint: `${issuer}/token`,
    });
    const first = await oauth.loginWithClientCredentials({ scope: "api" });
    expect(first.refreshToken).toBeUndefined();
    expect(first.grantType).toBe("client_credentials");
    const again = await oauth.accessToken({ rejected: first.accessToken });
    expect(again).not.toBe(first.accessToken);
    expect((await oauth.tokens())?.grantType).toBe("client_credentials");
  });
});
