// Renewal of short-lived tokens: against a token endpoint on 127.0.0.1 that
// issues 300-second access tokens, the default 300-second skew must not make
// every token stale on arrival. The renewal margin is capped at half the
// lifetime the token was issued with.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { OAuthClient } from "./oauth-client.ts";

const LIFETIME_SECONDS = 300;

let server: Server;
let tokenEndpoint: string;
let issued = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    request.on("end", () => {
      const form = new URLSearchParams(body);
      if (request.method !== "POST" || form.get("grant_type") !== "client_credentials") {
        response.writeHead(400, { "content-type": "application/json" });
        response.end(JSON.stringify({ error: "unsupported_grant_type" }));
        return;
      }
      issued += 1;
      response.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
      response.end(
        JSON.stringify({
          access_token: `short-lived-${issued}`,
          token_type: "Bearer",
          expires_in: LIFETIME_SECONDS,
          scope: "api",
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  tokenEndpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth/token`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

let now = Date.UTC(2026, 0, 5, 12);

beforeEach(() => {
  issued = 0;
  now = Date.UTC(2026, 0, 5, 12);
});

function client(refreshSkewSeconds?: number): OAuthClient {
  return new OAuthClient({
    clientId: "short-lived",
    clientSecret: "short-lived-secret",
    tokenEndpoint,
    clock: () => new Date(now),
    ...(refreshSkewSeconds === undefined ? {} : { refreshSkewSeconds }),
  });
}

describe("tokens that live no longer than the skew", () => {
  it("reuses a fresh 300-second token under the default skew", async () => {
    const oauth = client();
    const first = await oauth.loginWithClientCredentials();
    for (let call = 0; call < 5; call += 1) {
      expect(await oauth.accessToken()).toBe(first.accessToken);
    }
    expect(issued).toBe(1);
  });

  it("renews once less than half the issued lifetime is left", async () => {
    const oauth = client();
    const first = await oauth.loginWithClientCredentials();
    now += (LIFETIME_SECONDS / 2 - 1) * 1000;
    expect(await oauth.accessToken()).toBe(first.accessToken);
    expect(issued).toBe(1);
    now += 2000;
    const renewed = await oauth.accessToken();
    expect(renewed).not.toBe(first.accessToken);
    expect(issued).toBe(2);
    // The renewed token has its own lifetime from its own issue time.
    expect(await oauth.accessToken()).toBe(renewed);
    expect(issued).toBe(2);
  });

  it("keeps a smaller skew as it is", async () => {
    const oauth = client(30);
    const first = await oauth.loginWithClientCredentials();
    now += (LIFETIME_SECONDS - 31) * 1000;
    expect(await oauth.accessToken()).toBe(first.accessToken);
    now += 2000;
    expect(await oauth.accessToken()).not.toBe(first.accessToken);
    expect(issued).toBe(2);
  });
});
