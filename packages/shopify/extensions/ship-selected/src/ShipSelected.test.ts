// "Ship with shipbridge" in Shopify's extension tester, its fetch reaching
// the real app over HTTP: the selected orders ship as one batch (one
// parcel and one charge each), the modal follows the batch to its end in
// the shop's language, and an order that cannot ship is named with why.
import { setUpExtension } from "@shopify/ui-extensions-tester";
import { fireEvent, waitFor } from "@testing-library/preact";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../../../src/app/create-shopify-app.ts";
import { useExtensionDom } from "../../../src/test-support/extension-dom.ts";
import { hostFetch, type ServedApp, serveApp } from "../../../src/test-support/extension-host.ts";
import { waitingOrder } from "../../../src/test-support/extension-orders.ts";
import { useHarness } from "../../../src/test-support/harness.ts";

const harness = useHarness();
useExtensionDom();
const SHOP = "batch-shop.myshopify.com";
let app: ShopifyApp;
let served: ServedApp;

beforeAll(async () => {
  app = await harness.app();
  served = await serveApp(app);
  await harness.ready(app, SHOP, { shipOn: "manual", language: "en_GB" });
}, 60_000);
afterAll(() => served?.close());

const until = (check: () => void) =>
  waitFor(check, { container: document.body, timeout: 20_000, interval: 100 });
const text = () => document.body.textContent ?? "";

describe("the Ship with shipbridge action", () => {
  it("ships the selected orders as one batch and follows it to the end", async () => {
    await waitingOrder(harness, app, SHOP, 9101);
    await waitingOrder(harness, app, SHOP, 9102);
    // An order with a pickup point the service does not know cannot ship.
    await waitingOrder(harness, app, SHOP, 9103, "NOSUCH01");
    using extension = setUpExtension("admin.order-index.selection-action.render");
    extension.shopify.data.selected = [9101, 9102, 9103].map((id) => ({
      id: `gid://shopify/Order/${id}`,
    }));
    extension.fetch = hostFetch(served, { shop: SHOP, admin: true });
    await extension.render();
    await until(() => expect(text()).toContain("Ship 3 orders as one batch."));

    const ship = document.body.querySelector("#ship") as HTMLElement;
    fireEvent.click(ship);
    await until(() => expect(text()).toContain("Done: 2 of 3 shipped."));
    expect(document.body.querySelector("s-banner")?.getAttribute("heading")).toBe(
      "1 order needs attention.",
    );
    expect(text()).toMatch(/#9103: .*NOSUCH01/);
    expect(ship.getAttribute("disabled")).not.toBeNull();
    for (const id of ["9101", "9102"]) {
      expect(await harness.ledger(SHOP, id)).toEqual({
        packageIds: [expect.any(Number)],
        charges: 1,
      });
    }
    expect((await harness.ledger(SHOP, "9103")).packageIds).toEqual([]);
  });

  it("says in the shop's language when none of the orders is waiting", async () => {
    using extension = setUpExtension("admin.order-index.selection-action.render");
    // An order the app never received is left out, as on the orders page.
    extension.shopify.data.selected = [{ id: "gid://shopify/Order/9999" }];
    extension.fetch = hostFetch(served, { shop: SHOP, admin: true });
    await extension.render();
    fireEvent.click(document.body.querySelector("#ship") as HTMLElement);
    await until(() => expect(text()).toContain("None of the selected orders is waiting to ship."));
  });
});
