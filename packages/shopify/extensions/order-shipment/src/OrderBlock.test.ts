// The order page's card, rendered by Shopify's extension tester, talking to
// the real app over HTTP (the app on PostgreSQL, the sandbox and
// FakeShopify): it shows the order's shipment in the shop's language, Ship
// ships it once, the label links to a printable file, and a pickup point
// the service does not know is refused with its reason before a known one
// is saved.

import { setUpExtension } from "@shopify/ui-extensions-tester";
import { fireEvent, waitFor } from "@testing-library/preact";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../../../src/app/create-shopify-app.ts";
import { useExtensionDom } from "../../../src/test-support/extension-dom.ts";
import { hostFetch, type ServedApp, serveApp } from "../../../src/test-support/extension-host.ts";
import { useHarness } from "../../../src/test-support/harness.ts";

const harness = useHarness();
useExtensionDom();
const SHOP = "block-shop.myshopify.com";
let app: ShopifyApp;
let served: ServedApp;

beforeAll(async () => {
  app = await harness.app();
  served = await serveApp(app);
  await harness.ready(app, SHOP, { shipOn: "manual" });
}, 60_000);
afterAll(() => served?.close());

async function waitingOrder(id: number, pointCode?: string) {
  const order = harness.order(
    SHOP,
    id,
    pointCode
      ? {
          shipping_lines: [
            {
              title: "InPost Paczkomat",
              code: `shipbridge:inpost:point:${pointCode}`,
              source: "shipbridge",
              price: "12.99",
            },
          ],
        }
      : {},
  );
  await harness.deliverPaid(app, SHOP, order);
  await harness.settled(SHOP, String(id), ["waiting"]);
}

function mount(orderId: number) {
  const extension = setUpExtension("admin.order-details.block.render");
  extension.shopify.data.selected = [{ id: `gid://shopify/Order/${orderId}` }];
  extension.fetch = hostFetch(served, { shop: SHOP, admin: true });
  return extension;
}

/** waitFor in the extension's document (there is no global window to find it by). */
const until = <T>(check: () => T) => waitFor(check, { container: document.body, timeout: 10_000 });
const text = () => document.body.textContent ?? "";
const element = (selector: string) => {
  const found = document.body.querySelector(selector);
  if (!found) throw new Error(`${selector} is not rendered: ${text()}`);
  return found as HTMLElement;
};

describe("the order-details block", () => {
  it("shows a waiting order in Polish, ships it with Ship, then links its label", async () => {
    await waitingOrder(8101);
    {
      using extension = mount(8101);
      await extension.render();
      await until(() => expect(text()).toContain("Czeka na wysyłkę"));
      expect(text()).toContain("Przewoźnik: dpd");
      expect(document.body.querySelector("#retry")).toBeNull();

      fireEvent.click(element("#ship"));
      await until(() => expect(text()).toContain("W kolejce"));
      await harness.settled(SHOP, "8101", ["fulfilled"]);
      expect((await harness.ledger(SHOP, "8101")).charges).toBe(1);
    }
    // Opened again: fulfilled, with tracking and the label's print link.
    using again = mount(8101);
    await again.render();
    await until(() => expect(text()).toContain("Zrealizowane"));
    expect(document.body.querySelector("#ship")).toBeNull();
    const href = element("#label").getAttribute("href") ?? "";
    const label = await hostFetch(served)(href);
    expect(label.status).toBe(200);
    expect(label.headers.get("content-type")).toMatch(/pdf/);
  });

  it("refuses an unknown pickup point with the service's reason, then saves a known one", async () => {
    const service = await harness.serviceClient();
    const { points } = await service.points.map({
      location: { address: { postcode: "80-831", city: "Gdańsk", country_code: "PL" } },
      filters: { services: ["inpost"] },
      limit: 20,
    });
    const [from, to] = points.filter((point) => point.active !== false && !point.holiday);
    if (!from || !to) throw new Error("the sandbox lists too few open InPost points");
    await waitingOrder(8201, from.code);
    using extension = mount(8201);
    await extension.render();
    await until(() => expect(element("#pickup-point").textContent).toContain(from.code));

    fireEvent.click(element("#change-point"));
    const field = element("s-text-field") as HTMLInputElement;
    field.value = "NOSUCH77";
    fireEvent.input(field);
    fireEvent.click(element("#save-point"));
    await until(() => expect(text()).toContain("Nie ma punktu NOSUCH77"));
    expect(element("#pickup-point").textContent).toContain(from.code);

    const again = element("s-text-field") as HTMLInputElement;
    again.value = to.code;
    fireEvent.input(again);
    fireEvent.click(element("#save-point"));
    await until(() => expect(text()).toContain(`Punkt odbioru zmieniony na ${to.code}`));
    await until(() => expect(element("#pickup-point").textContent).toContain(to.code));
  });

  it("lists why an order needs attention, then ships it with Retry once its point is changed", async () => {
    const service = await harness.serviceClient();
    const { points } = await service.points.map({
      location: { address: { postcode: "80-831", city: "Gdańsk", country_code: "PL" } },
      filters: { services: ["inpost"] },
      limit: 20,
    });
    const open = points.filter((point) => point.active !== false && !point.holiday)[2];
    if (!open) throw new Error("the sandbox lists too few open InPost points");
    await waitingOrder(8301, "GONE55");
    {
      using first = mount(8301);
      await first.render();
      fireEvent.click(await until(() => element("#ship")));
      await harness.settled(SHOP, "8301", ["needs_attention"]);
    }
    // Opened again: the problem, Retry and Change pickup point.
    using extension = mount(8301);
    await extension.render();
    await until(() => expect(text()).toContain("Wymaga uwagi"));
    expect(text()).toContain("Nie ma punktu GONE55");

    fireEvent.click(element("#change-point"));
    const field = element("s-text-field") as HTMLInputElement;
    field.value = open.code;
    fireEvent.input(field);
    fireEvent.click(element("#save-point"));
    await until(() => expect(element("#pickup-point").textContent).toContain(open.code));
    fireEvent.click(element("#retry"));
    const row = await harness.settled(SHOP, "8301", ["fulfilled"]);
    expect(row.pickupPoint).toBe(open.code);
    expect((await harness.ledger(SHOP, "8301")).charges).toBe(1);
  });

  it("says so, in the shop's language, when the app does not know the order", async () => {
    using extension = mount(8999);
    await extension.render();
    await until(() => expect(text()).toContain("Aplikacja nie otrzymała jeszcze tego zamówienia"));
  });
});
