// The install and connect routes as a merchant's browser meets them: the
// app's own address passes the admin's load on (an embedded app's to /app
// with its id_token, a standalone app's to /auth), and every refusal is
// plain text in Polish, then English, never a stack trace.
import { describe, expect, it } from "vitest";
import { makeConnectTicket } from "../merchant/connect-ticket.ts";
import { APP_URL, FULL_SCOPES, KEYS, useHarness } from "../test-support/harness.ts";
import { ROUTE_REFUSALS, type RouteMessages } from "./route-refusal.ts";

const harness = useHarness();

async function expectRefusal(answer: Response, status: number, messages: RouteMessages) {
  expect(answer.status).toBe(status);
  expect(answer.headers.get("content-type")).toMatch(/^text\/plain/);
  expect(await answer.text()).toBe(`${messages.pl}\n${messages.en}\n`);
}

describe("the app's address", () => {
  it("sends an embedded app's load to /app with its query, id_token and all", async () => {
    const app = await harness.app({ isEmbeddedApp: true });
    const query = "?embedded=1&host=aG9zdA&id_token=token-1&shop=root-shop.myshopify.com";
    const answer = await app(new Request(`${APP_URL}/${query}`));
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe(`/app${query}`);
  });

  it("sends a standalone app's load to /auth, and refuses one without a shop", async () => {
    const app = await harness.app({ isEmbeddedApp: false });
    const answer = await app(new Request(`${APP_URL}/?shop=root-shop.myshopify.com`));
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/auth?shop=root-shop.myshopify.com");
    await expectRefusal(await app(new Request(`${APP_URL}/`)), 400, ROUTE_REFUSALS.openFromAdmin);
  });
});

describe("the install and connect routes' refusals", () => {
  it("install: a bad shop, a callback that fails, /app without a session token", async () => {
    const app = await harness.app();
    await expectRefusal(
      await app(new Request(`${APP_URL}/auth?shop=not-a-shop`)),
      400,
      ROUTE_REFUSALS.badShop,
    );
    await expectRefusal(
      await app(new Request(`${APP_URL}/auth/callback?shop=x.myshopify.com&code=c&state=s`)),
      400,
      ROUTE_REFUSALS.installFailed,
    );
    await expectRefusal(
      await app(new Request(`${APP_URL}/app?shop=x.myshopify.com`)),
      401,
      ROUTE_REFUSALS.openFromAdmin,
    );
  });

  it("connect: a lapsed ticket, no shop, no connect cookie, a refused authorization", async () => {
    const shop = "refusals.myshopify.com";
    harness.fake.addShop(shop, FULL_SCOPES);
    const app = await harness.app();
    const cookie = await harness.install(app, shop);
    const lapsed = makeConnectTicket(
      KEYS.apiSecretKey,
      { shop, returnTo: undefined },
      Date.now() - 11 * 60_000,
    );
    await expectRefusal(
      await app(new Request(`${APP_URL}/connect?ticket=${encodeURIComponent(lapsed)}`)),
      401,
      ROUTE_REFUSALS.connectLinkExpired,
    );
    await expectRefusal(
      await app(new Request(`${APP_URL}/connect`)),
      401,
      ROUTE_REFUSALS.connectWithoutShop,
    );
    await expectRefusal(
      await app(new Request(`${APP_URL}/connect/callback?code=c&state=s`)),
      400,
      ROUTE_REFUSALS.connectExpired,
    );
    // The service said no (the merchant denied): the cookie of a real start.
    const started = await app(new Request(`${APP_URL}/connect`, { headers: { cookie } }));
    expect(started.status).toBe(302);
    const connectCookie = started.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    await expectRefusal(
      await app(
        new Request(`${APP_URL}/connect/callback?error=access_denied&state=other`, {
          headers: { cookie: connectCookie },
        }),
      ),
      400,
      ROUTE_REFUSALS.connectFailed,
    );
  });
});

describe("connecting in the merchant's language", () => {
  it("asks the service's pages for ?lang, else the shop's language (ui_locales)", async () => {
    const shop = "language.myshopify.com";
    harness.fake.addShop(shop, FULL_SCOPES);
    const app = await harness.app();
    const cookie = await harness.install(app, shop);
    const uiLocales = async (query: string) => {
      const answer = await app(new Request(`${APP_URL}/connect${query}`, { headers: { cookie } }));
      expect(answer.status).toBe(302);
      return new URL(answer.headers.get("location") ?? "").searchParams.get("ui_locales");
    };
    expect(await uiLocales("")).toBe("pl");
    expect(await uiLocales("?lang=en")).toBe("en");
    expect(await uiLocales("?lang=pl-PL")).toBe("pl");
    expect(await uiLocales("?lang=de")).toBe("pl");
    // A tag counts by its exact primary subtag (core's negotiateLanguage): "english" is not English.
    expect(await uiLocales("?lang=english")).toBe("pl");
    expect(await uiLocales("?lang=enx")).toBe("pl");
    const ticket = makeConnectTicket(KEYS.apiSecretKey, { shop, returnTo: undefined }, Date.now());
    expect(await uiLocales(`?ticket=${encodeURIComponent(ticket)}&lang=en`)).toBe("en");
  });
});
