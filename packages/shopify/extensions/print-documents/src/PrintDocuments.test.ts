// The Print menu's actions in Shopify's extension tester, their fetch
// reaching the real app over HTTP: the order page prints the order's label;
// the orders list prints the selected orders' labels as one file or their
// batch's handover protocol; each `src` is the app's signed link to a file
// the admin can load without a token; an order with no parcel prints
// nothing and says why.
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
const SHOP = "print-shop.myshopify.com";
let app: ShopifyApp;
let served: ServedApp;

beforeAll(async () => {
  app = await harness.app();
  served = await serveApp(app);
  await harness.ready(app, SHOP, { shipOn: "manual" });
  await waitingOrder(harness, app, SHOP, 9201);
  await waitingOrder(harness, app, SHOP, 9202);
  await waitingOrder(harness, app, SHOP, 9203);
  const batch = await app.merchant(SHOP).shipBatch(["9201", "9202"]);
  for (let attempt = 0; attempt < 200; attempt++) {
    if ((await app.merchant(SHOP).batch(batch?.id ?? ""))?.status === "done") break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 90_000);
afterAll(() => served?.close());

const until = (check: () => void) => waitFor(check, { container: document.body, timeout: 10_000 });
const printSrc = () =>
  document.body.querySelector("s-admin-print-action")?.getAttribute("src") ?? null;

/** What the admin gets when it loads the print action's src (no token: the link is signed). */
async function load(src: string) {
  const response = await hostFetch(served)(src);
  return {
    status: response.status,
    type: response.headers.get("content-type") ?? "",
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

describe("the print actions", () => {
  it("print an order's label on the order page", async () => {
    using extension = setUpExtension("admin.order-details.print-action.render");
    extension.shopify.data.selected = [{ id: "gid://shopify/Order/9201" }];
    extension.fetch = hostFetch(served, { shop: SHOP, admin: true });
    await extension.render();
    await until(() => expect(printSrc()).toMatch(/\/extension-api\/documents\//));
    const file = await load(printSrc() ?? "");
    expect(file.status).toBe(200);
    expect(file.type).toMatch(/pdf/);
    expect(new TextDecoder().decode(file.bytes.slice(0, 5))).toBe("%PDF-");
  });

  it("print nothing for an order without a parcel, and say why in the shop's language", async () => {
    using extension = setUpExtension("admin.order-details.print-action.render");
    extension.shopify.data.selected = [{ id: "gid://shopify/Order/9203" }];
    extension.fetch = hostFetch(served, { shop: SHOP, admin: true });
    await extension.render();
    await until(() => expect(document.body.textContent).toContain("Nie ma jeszcze czego drukować"));
    expect(printSrc()).toBeNull();
  });

  it("print the selected orders' labels as one file, or their batch's handover protocol", async () => {
    using extension = setUpExtension("admin.order-index.selection-print-action.render");
    extension.shopify.data.selected = [9201, 9202, 9203].map((id) => ({
      id: `gid://shopify/Order/${id}`,
    }));
    extension.fetch = hostFetch(served, { shop: SHOP, admin: true });
    await extension.render();
    await until(() => expect(printSrc()).toMatch(/\/extension-api\/documents\//));
    const labels = printSrc() ?? "";
    const file = await load(labels);
    expect(file.status).toBe(200);
    expect(file.type).toMatch(/pdf/);

    const kind = document.body.querySelector("#kind") as HTMLSelectElement;
    kind.value = "protocol";
    fireEvent.change(kind);
    await until(() => expect(printSrc()).toMatch(/\/extension-api\/documents\//));
    await until(() => expect(printSrc()).not.toBe(labels));
    const protocol = await load(printSrc() ?? "");
    expect(protocol.status).toBe(200);
    expect(protocol.bytes.byteLength).toBeGreaterThan(0);
  });
});
