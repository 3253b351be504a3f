// Connecting a shipping account needs the app installed in the shop:
// ShopMerchant.connectUrl refuses a shop never installed or uninstalled
// since, and /connect refuses a ticket or a session cookie that outlived the
// install, in English and Polish.
import { isShipbridgeError } from "@shipbridge/core";
import { describe, expect, it } from "vitest";
import { eventually } from "../test-support/eventually.ts";
import { APP_URL, FULL_SCOPES, useHarness } from "../test-support/harness.ts";
import { ShopNotInstalledError } from "./installed-shop.ts";

const harness = useHarness();

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("it was not refused");
}

describe("connecting a shop's shipping account", () => {
  it("is refused for a shop the app was never installed in", async () => {
    const app = await harness.app();
    const error = await refusal(app.merchant("never.myshopify.com").connectUrl());
    expect(error).toBeInstanceOf(ShopNotInstalledError);
    expect(isShipbridgeError(error) && error.code).toBe("shop_not_installed");
    expect((error as ShopNotInstalledError).messages).toEqual({
      en: "The app is not installed in never.myshopify.com: install it from Shopify, then connect the shipping account.",
      pl: "Aplikacja nie jest zainstalowana w sklepie never.myshopify.com: zainstaluj ją z Shopify, potem połącz konto wysyłkowe.",
    });
  });

  it("is refused once the shop uninstalled the app, by a ticket or a cookie made before", async () => {
    const shop = "leaving.myshopify.com";
    const app = await harness.app();
    harness.fake.addShop(shop, FULL_SCOPES);
    const cookie = await harness.install(app, shop);
    const url = await app.merchant(shop).connectUrl();
    expect((await app(new Request(url))).status).toBe(302);

    expect(
      (await harness.deliver(app, shop, "app/uninstalled", { id: 1, myshopify_domain: shop }))
        .status,
    ).toBe(200);
    await eventually(
      async () => (await harness.count("shopify_sessions WHERE shop = $1", [shop])) === 0,
      "the sessions to go",
    );
    expect(await refusal(app.merchant(shop).connectUrl())).toMatchObject({
      code: "shop_not_installed",
    });
    for (const request of [
      new Request(url),
      new Request(`${APP_URL}/connect`, { headers: { cookie } }),
    ]) {
      const answer = await app(request);
      expect(answer.status).toBe(403);
      const text = await answer.text();
      expect(text).toContain(`The app is not installed in ${shop}`);
      expect(text).toContain(`Aplikacja nie jest zainstalowana w sklepie ${shop}`);
    }
  });
});
