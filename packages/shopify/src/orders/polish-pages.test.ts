// A Polish shop's orders pages speak Polish throughout, end to end on a real
// PostgreSQL, the sandbox over HTTP and FakeShopify: each order's status by
// name (never its id), the counts with their plural forms, and every
// answer of the orders, day and settings routes that refuses (no such
// batch, part, carrier, pickup, order or label; a form with no key); one
// not logged in is answered in both languages, the shop being unknown.
import { beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import type { ShopifyOrder } from "../mapping/shopify-order.ts";
import { eventually } from "../test-support/eventually.ts";
import { APP_URL, useHarness } from "../test-support/harness.ts";
import { sampleShopifyOrder } from "../testing/orders.ts";

const harness = useHarness();
const SHOP = "polish-pages-shop.myshopify.com";
const NO_BATCH = "00000000-0000-4000-8000-000000000000";
let app: ShopifyApp;
let cookie: string;

beforeAll(async () => {
  app = await harness.app();
  cookie = await harness.ready(app, SHOP, { shipOn: "manual", language: "pl_PL" });
}, 60_000);

const get = (path: string) => app(new Request(`${APP_URL}${path}`, { headers: { cookie } }));
const post = (path: string, fields: [string, string][]) =>
  app(
    new Request(`${APP_URL}${path}`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    }),
  );

/** The status cell's text (the fifth, inside its badge) of each order row of the orders page. */
function statusCells(page: string): Record<string, string> {
  const cells: Record<string, string> = {};
  for (const row of page.matchAll(/<tr id="order-(\d+)">([\s\S]*?)<\/tr>/g)) {
    const tds = (row[2] ?? "").split("<td>").slice(1);
    cells[row[1] ?? ""] = (tds[4]?.split("</td>")[0] ?? "").replace(/<[^>]*>/g, "");
  }
  return cells;
}

describe("a Polish shop's orders pages", () => {
  let batchId = "";

  it("name each status and count with the Polish plural forms", async () => {
    const bad = {
      shipping_address: { ...(sampleShopifyOrder().shipping_address as object), zip: "ABC" },
    } as Partial<ShopifyOrder>;
    await harness.deliverPaid(app, SHOP, harness.order(SHOP, 8701, bad));
    await harness.deliverPaid(app, SHOP, harness.order(SHOP, 8702));
    await harness.deliverPaid(app, SHOP, harness.order(SHOP, 8703));
    for (const id of ["8701", "8702", "8703"]) await harness.settled(SHOP, id, ["waiting"]);
    batchId = (await app.merchant(SHOP).shipBatch(["8701", "8702"]))?.id ?? "";
    await eventually(
      async () => (await app.merchant(SHOP).batch(batchId))?.status === "done",
      "batch",
      600,
    );

    const page = await (await get(`/orders?shop=${SHOP}`)).text();
    expect(statusCells(page)).toEqual({
      "8701": "wymaga uwagi",
      "8702": "zrealizowane",
      "8703": "czeka na wysyłkę",
    });
    expect(page).toContain(`</a>: 2 zamówienia, Gotowe.</li>`);
    const batchPage = await (await get(`/orders/batches/${batchId}?shop=${SHOP}`)).text();
    expect(batchPage).toContain("<p>2 zamówienia · ");
    const courier = await (await get(`/orders/batches/${batchId}/courier?shop=${SHOP}`)).text();
    expect(courier).toContain("dpd: 1 paczka");
  });

  it("refuse in Polish", async () => {
    const answers: [number, string][] = [];
    const text = async (response: Response | Promise<Response>) => {
      const answer = await response;
      answers.push([answer.status, await answer.text()]);
    };
    await text(get(`/orders/batches/${NO_BATCH}?shop=${SHOP}`));
    await text(get(`/orders/batches/${NO_BATCH}/labels?shop=${SHOP}`));
    await text(get(`/orders/batches/${batchId}/labels?shop=${SHOP}&part=9`));
    await text(get(`/orders/batches/${batchId}/protocol?shop=${SHOP}&service=inpost`));
    await text(get(`/orders/batches/${NO_BATCH}/courier?shop=${SHOP}`));
    await text(
      post(`/orders/batches/${batchId}/courier`, [
        ["service", "inpost"],
        ["slot", "2026-12-01|10:00|14:00"],
      ]),
    );
    await text(post(`/orders/batches/${batchId}/courier/cancel`, [["command_id", NO_BATCH]]));
    await text(post("/orders/batch", [["order_id", "8703"]]));
    expect(answers).toEqual([
      [404, "Nie ma takiej partii."],
      [404, "Nie ma takiej partii."],
      [404, "Plik tej partii nie ma takiej części."],
      [404, "Ta partia nie ma paczek tego przewoźnika."],
      [404, "Nie ma takiej partii."],
      [404, "Ta partia nie ma paczek tego przewoźnika do odbioru przez kuriera."],
      [404, "Ta partia nie ma takiego odbioru kuriera."],
      [400, "Formularz nie ma klucza partii; odśwież stronę zamówień."],
    ]);
    const status = await get(`/orders/batches/${NO_BATCH}/status?shop=${SHOP}`);
    expect([status.status, await status.json()]).toEqual([
      404,
      { error: "not_found", message: "Nie ma takiej partii." },
    ]);
  });

  it("refuse in Polish on the settings routes too", async () => {
    const ship = await post(`/settings/ship?shop=${SHOP}`, [["order_id", "8799"]]);
    expect([ship.status, await ship.text()]).toEqual([404, "Nie ma takiego zamówienia."]);
    const label = await get(`/settings/label?shop=${SHOP}&order=8799`);
    expect([label.status, await label.text()]).toEqual([404, "To zamówienie nie ma etykiety."]);
    const anonymous = await app(new Request(`${APP_URL}/settings?shop=${SHOP}`));
    expect([anonymous.status, await anonymous.text()]).toEqual([
      401,
      "Otwórz aplikację z panelu administracyjnego Shopify. / Open the app from your Shopify admin.",
    ]);
  });

  it("answer one not logged in in both languages", async () => {
    const anonymous = await app(new Request(`${APP_URL}/orders?shop=${SHOP}`));
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).toBe(
      "Otwórz aplikację z panelu administracyjnego Shopify. / Open the app from your Shopify admin.",
    );
  });
});
