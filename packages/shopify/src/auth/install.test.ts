// Install and token renewal end to end against FakeShopify and a real
// PostgreSQL: the authorization-code flow and token exchange both ask for
// expiring offline tokens (the fake refuses anything else), and two
// instances renewing the same lapsing token at once spend its single-use
// refresh token once.
import type pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { APP_URL, FULL_SCOPES, KEYS, useHarness } from "../test-support/harness.ts";
import { makeSessionToken } from "../testing/session-token.ts";

const harness = useHarness();
let pool: pg.Pool;

beforeAll(() => {
  pool = harness.pool;
});

async function storedSession(shop: string) {
  const { rows } = await pool.query(
    `SELECT "accessToken", "refreshToken", expires, scope FROM shopify_sessions WHERE id = $1`,
    [`offline_${shop}`],
  );
  return rows[0] as
    | { accessToken: string; refreshToken: string; expires: string; scope: string }
    | undefined;
}

describe("install", () => {
  it("by authorization code: an expiring offline token with a refresh token", async () => {
    const shop = "code-shop.myshopify.com";
    harness.fake.addShop(shop, FULL_SCOPES);
    const app = await harness.app();
    const cookie = await harness.install(app, shop);
    expect(cookie).toMatch(/shopify_app_session=/);
    const session = await storedSession(shop);
    expect(session?.accessToken).toMatch(/^shpat_/);
    expect(session?.refreshToken).toMatch(/^shprt_/);
    expect(Number(session?.expires)).toBeGreaterThan(0);
    expect(
      harness.fake.calls.filter((call) => call.shop === shop && call.kind === "token"),
    ).toEqual([{ shop, kind: "token", name: "authorization_code", status: 200 }]);
  });

  it("refuses a callback whose HMAC is wrong", async () => {
    const shop = "forged-install.myshopify.com";
    harness.fake.addShop(shop, FULL_SCOPES);
    const app = await harness.app();
    const begin = await app(new Request(`${APP_URL}/auth?shop=${shop}`));
    const state = new URL(begin.headers.get("location") ?? "").searchParams.get("state");
    const query = new URLSearchParams({
      code: harness.fake.approveInstall(shop),
      shop,
      state: state ?? "",
      timestamp: String(Math.floor(Date.now() / 1000)),
      hmac: "00".repeat(32),
    });
    const cookie = begin.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const callback = await app(
      new Request(`${APP_URL}/auth/callback?${query}`, { headers: { cookie } }),
    );
    expect(callback.status).toBe(400);
    expect(await storedSession(shop)).toBeUndefined();
  });

  it("by token exchange for an embedded app", async () => {
    const shop = "embedded-shop.myshopify.com";
    harness.fake.addShop(shop, FULL_SCOPES);
    const app = await harness.app({ isEmbeddedApp: true });
    const idToken = makeSessionToken({ ...KEYS, shop });
    const response = await app(new Request(`${APP_URL}/app?shop=${shop}&id_token=${idToken}`));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(
      /^\/settings\?shop=embedded-shop\.myshopify\.com/,
    );
    expect((await storedSession(shop))?.refreshToken).toMatch(/^shprt_/);
    expect(
      harness.fake.calls
        .filter((call) => call.shop === shop && call.kind === "token")
        .map((call) => [call.name, call.status]),
    ).toEqual([["urn:ietf:params:oauth:grant-type:token-exchange", 200]]);
    // A token signed with another secret is refused.
    const forged = makeSessionToken({ apiKey: KEYS.apiKey, apiSecretKey: "other", shop });
    expect((await app(new Request(`${APP_URL}/app?shop=${shop}&id_token=${forged}`))).status).toBe(
      401,
    );
  });

  it("gives the settings forms a token of their own that outlives the session token", async () => {
    const shop = "form-shop.myshopify.com";
    harness.fake.addShop(shop, FULL_SCOPES);
    let offsetMs = 0;
    const app = await harness.app({ isEmbeddedApp: true, now: () => Date.now() + offsetMs });
    const idToken = makeSessionToken({ ...KEYS, shop });
    expect((await app(new Request(`${APP_URL}/app?shop=${shop}&id_token=${idToken}`))).status).toBe(
      302,
    );
    const page = await (
      await app(new Request(`${APP_URL}/settings?shop=${shop}&id_token=${idToken}`))
    ).text();
    const formToken = /name="id_token" value="([^"]+)"/.exec(page)?.[1] ?? "";
    expect(formToken).not.toBe(idToken);
    const open = (token: string) =>
      app(new Request(`${APP_URL}/settings?shop=${shop}&id_token=${encodeURIComponent(token)}`));
    // Half an hour later Shopify's token has lapsed, the page's own still works.
    offsetMs = 30 * 60_000;
    const stale = makeSessionToken({ ...KEYS, shop, now: () => Date.now() - 2 * 60_000 });
    expect((await open(stale)).status).toBe(401);
    expect((await open(formToken)).status).toBe(200);
    // Not for another shop, and not after its hour.
    const [prefix, , expiry, signature] = formToken.split(".");
    const otherShop = Buffer.from("other-shop.myshopify.com").toString("base64url");
    expect((await open(`${prefix}.${otherShop}.${expiry}.${signature}`)).status).toBe(401);
    offsetMs = 2 * 3600_000;
    expect((await open(formToken)).status).toBe(401);
  });
});

describe("renewal of expiring offline tokens", () => {
  it("two instances renewing at once spend the refresh token once", async () => {
    const shop = "renew-shop.myshopify.com";
    harness.fake.addShop(shop, FULL_SCOPES);
    const installer = await harness.app();
    // A token with a minute left: inside the five minutes before expiry when it is renewed.
    harness.fake.setAccessTokenLifetime(60);
    await harness.install(installer, shop);
    harness.fake.setAccessTokenLifetime(3600);
    const before = await storedSession(shop);
    const [a, b] = await Promise.all([harness.app(), harness.app()]);
    const sessions = await Promise.all([
      a.offlineSession(shop),
      b.offlineSession(shop),
      a.offlineSession(shop),
      b.offlineSession(shop),
    ]);
    const tokens = new Set(sessions.map((session) => session.accessToken));
    expect(tokens.size).toBe(1);
    expect([...tokens][0]).not.toBe(before?.accessToken);
    const refreshes = harness.fake.calls.filter(
      (call) => call.shop === shop && call.name === "refresh_token",
    );
    expect(refreshes).toEqual([{ shop, kind: "token", name: "refresh_token", status: 200 }]);
    const after = await storedSession(shop);
    expect(after?.accessToken).toBe([...tokens][0]);
    expect(after?.refreshToken).not.toBe(before?.refreshToken);
    // The renewed token works against the Admin API.
    const graphql = new installer.shopify.clients.Graphql({
      session: sessions[0] as NonNullable<(typeof sessions)[0]>,
    });
    const { data } = await graphql.request('{ order(id: "gid://shopify/Order/1") { id } }');
    expect(data).toEqual({ order: null });
  });
});
