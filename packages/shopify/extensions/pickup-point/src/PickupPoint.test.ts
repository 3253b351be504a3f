// The buyer's pickup-point blocks in Shopify's extension tester, their
// fetch reaching the real app over HTTP with the buyer's session token:
// the thank-you page and the order-status page show the order's point
// with its address and opening hours in the checkout's language, and
// nothing for an order by courier.
import { setUpExtension } from "@shopify/ui-extensions-tester";
import { waitFor } from "@testing-library/preact";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../../../src/app/create-shopify-app.ts";
import { useExtensionDom } from "../../../src/test-support/extension-dom.ts";
import { hostFetch, type ServedApp, serveApp } from "../../../src/test-support/extension-host.ts";
import { openInpostPoints, waitingOrder } from "../../../src/test-support/extension-orders.ts";
import { KEYS, useHarness } from "../../../src/test-support/harness.ts";
import { makeBuyerSessionToken } from "../../../src/testing/session-token.ts";
import { APP_URL } from "./app-url.ts";

const harness = useHarness();
useExtensionDom();
const SHOP = "buyer-shop.myshopify.com";
let app: ShopifyApp;
let served: ServedApp;
let point: Awaited<ReturnType<typeof openInpostPoints>>[number];

beforeAll(async () => {
  app = await harness.app();
  served = await serveApp(app);
  await harness.ready(app, SHOP, { shipOn: "manual" });
  const points = await openInpostPoints(harness);
  if (!points[3]) throw new Error("the sandbox lists too few open InPost points");
  point = points[3];
  await waitingOrder(harness, app, SHOP, 9301, point.code, new Date());
  await waitingOrder(harness, app, SHOP, 9302, undefined, new Date());
}, 60_000);
afterAll(() => served?.close());

const until = (check: () => void) => waitFor(check, { container: document.body, timeout: 10_000 });
const text = () => document.body.textContent ?? "";
const token = async () => makeBuyerSessionToken({ ...KEYS, shop: SHOP });

describe("the pickup-point blocks", () => {
  it("show the point on the thank-you page, in Polish", async () => {
    using extension = setUpExtension("purchase.thank-you.block.render");
    extension.shopify.orderConfirmation.value = {
      ...extension.shopify.orderConfirmation.value,
      order: { id: "gid://shopify/Order/9301" },
    };
    extension.shopify.localization.language.value = { isoCode: "pl-PL" };
    extension.shopify.sessionToken.get = token;
    extension.fetch = hostFetch(served, { appUrl: APP_URL });
    await extension.render();
    await until(() => expect(text()).toContain(`(${point.code})`));
    expect(document.body.querySelector("s-section")?.getAttribute("heading")).toBe(
      "Twój punkt odbioru",
    );
    expect(text()).toContain(
      `${point.address?.street}, ${point.address?.postcode} ${point.address?.city}`,
    );
    expect(text()).toContain("Godziny otwarcia");
    const monday = point.opening_hours?.monday;
    expect(text()).toContain(
      monday ? `Poniedziałek: ${monday.start_hour}–${monday.end_hour}` : "Poniedziałek: nieczynne",
    );
  });

  it("show the point on the order-status page, in English", async () => {
    using extension = setUpExtension("customer-account.order-status.block.render");
    extension.shopify.order.value = {
      ...extension.shopify.order.value,
      id: "gid://shopify/Order/9301",
    } as typeof extension.shopify.order.value;
    extension.shopify.localization.language.value = { isoCode: "en" };
    extension.shopify.sessionToken.get = token;
    extension.fetch = hostFetch(served, { appUrl: APP_URL });
    await extension.render();
    await until(() => expect(text()).toContain(`(${point.code})`));
    expect(text()).toContain("Opening hours");
  });

  it("show nothing for an order by courier", async () => {
    using extension = setUpExtension("purchase.thank-you.block.render");
    extension.shopify.orderConfirmation.value = {
      ...extension.shopify.orderConfirmation.value,
      order: { id: "gid://shopify/Order/9302" },
    };
    extension.shopify.sessionToken.get = token;
    const answers: unknown[] = [];
    const reach = hostFetch(served, { appUrl: APP_URL });
    extension.fetch = async (input, init) => {
      const response = await reach(input, init);
      answers.push({ status: response.status, body: await response.clone().json() });
      return response;
    };
    await extension.render();
    // The app answered that the order has no point, so the block stays empty.
    await until(() => expect(answers).toEqual([{ status: 200, body: { point: null } }]));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(text()).toBe("");
  });
});
