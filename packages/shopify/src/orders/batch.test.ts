// Shipping many orders as one batch, end to end on a real PostgreSQL, the
// sandbox over HTTP and FakeShopify, as a merchant uses the orders page
// without scripts (plain GETs and form POSTs with the install's cookie) and
// as code does (app.merchant(shop)): one package, one charge and one
// fulfilment per order, in one order command; the same form sent twice, to
// two instances, is one batch; a webhook shipping an order of the batch at
// the same moment buys nothing more; an invalid order is shown with its
// fields named, the others ship, and Retry ships it once it is fixed.
import { beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import type { ShopifyOrder } from "../mapping/shopify-order.ts";
import { loadShipment } from "../store/shipments.ts";
import { eventually } from "../test-support/eventually.ts";
import { APP_URL, useHarness } from "../test-support/harness.ts";
import { sampleShopifyOrder } from "../testing/orders.ts";

const harness = useHarness();
const SHOP = "batch-shop.myshopify.com";
let appA: ShopifyApp;
let appB: ShopifyApp;
let cookie: string;
/** The first test's batch of five orders, shipped. */
let shippedBatch = "";

beforeAll(async () => {
  [appA, appB] = await Promise.all([harness.app(), harness.app()]);
  cookie = await harness.ready(appA, SHOP, { shipOn: "manual", language: "en_GB" });
}, 60_000);

const get = (app: ShopifyApp, path: string) =>
  app(new Request(`${APP_URL}${path}`, { headers: { cookie } }));
const post = (app: ShopifyApp, path: string, fields: [string, string][]) =>
  app(
    new Request(`${APP_URL}${path}`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    }),
  );

/** Orders placed and paid, waiting for the merchant (the shop ships by hand). */
async function waiting(ids: number[], overrides: Partial<ShopifyOrder> = {}) {
  for (const id of ids) {
    const order = harness.order(SHOP, id, overrides);
    await harness.deliverPaid(appA, SHOP, order);
    await harness.settled(SHOP, String(id), ["waiting"]);
  }
}

/** The value of the hidden field `name` in the first form that has it. */
function hidden(page: string, name: string): string {
  const found = new RegExp(`name="${name}" value="([^"]+)"`).exec(page);
  if (!found?.[1]) throw new Error(`no ${name} on the page`);
  return found[1];
}

async function status(app: ShopifyApp, batchId: string) {
  const answer = await get(app, `/orders/batches/${batchId}/status?shop=${SHOP}`);
  expect(answer.status).toBe(200);
  return (await answer.json()) as {
    status: string;
    stage: string;
    total: number;
    progress: { value: number; max: number; percent: number };
    remainingMs: number | null;
    counts: Record<string, number>;
  };
}

/** Polls the batch's status as its page does, until it is done; answers every status seen. */
async function untilDone(app: ShopifyApp, batchId: string) {
  const seen: Awaited<ReturnType<typeof status>>[] = [];
  await eventually(
    async () => {
      seen.push(await status(app, batchId));
      return seen.at(-1)?.status === "done";
    },
    `batch ${batchId}`,
    600,
  );
  return seen;
}

/** The pages of a PDF, as its page tree counts them. */
function pages(pdf: string): number {
  const found = /\/Type \/Pages [^>]*\/Count (\d+)/.exec(pdf);
  if (!found) throw new Error("not a PDF with a page tree");
  return Number(found[1]);
}

async function orderCommands(): Promise<number> {
  const stats = (await harness.sandbox.control("/stats")) as { rest: { order_commands: number } };
  return stats.rest.order_commands;
}

async function shippedOnce(orderId: string) {
  const row = await loadShipment(harness.pool, SHOP, orderId);
  expect(row?.status).toBe("fulfilled");
  expect(await harness.ledger(SHOP, orderId)).toEqual({
    packageIds: [row?.packageId],
    charges: 1,
  });
  const fulfillments = harness.fake.order(SHOP, `gid://shopify/Order/${orderId}`)?.fulfillments;
  expect(fulfillments).toHaveLength(1);
  expect(fulfillments?.[0]?.trackingInfo).toEqual([
    expect.objectContaining({
      number: row?.tracking?.numbers[0],
      url: row?.tracking?.urls[0],
    }),
  ]);
}

describe("shipping a batch from the orders page", () => {
  it("ships the chosen orders once each, in one order command, whatever the double click", async () => {
    const ids = [9101, 9102, 9103, 9104, 9105];
    await waiting(ids);
    const page = await (await get(appA, `/orders?shop=${SHOP}`)).text();
    for (const id of ids) {
      expect(page).toMatch(new RegExp(`<input type="checkbox" name="order_id" value="${id}"`));
    }
    expect(page).toContain("Ship all waiting (5)");
    const form: [string, string][] = [
      ["batch_key", hidden(page, "batch_key")],
      ...ids.map((id): [string, string] => ["order_id", String(id)]),
    ];
    const commandsBefore = await orderCommands();
    // A double click, the two clicks reaching two instances at the same moment.
    const [first, second] = await Promise.all([
      post(appA, "/orders/batch", form),
      post(appB, "/orders/batch", form),
    ]);
    expect([first.status, second.status]).toEqual([303, 303]);
    const location = first.headers.get("location") ?? "";
    expect(second.headers.get("location")).toBe(location);
    const batchId = /\/orders\/batches\/([0-9a-f-]{36})/.exec(location)?.[1] ?? "";
    expect(batchId).not.toBe("");
    shippedBatch = batchId;
    // Sending the form again after it ran finds the same batch too.
    const seen = await untilDone(appB, batchId);
    expect((await post(appA, "/orders/batch", form)).headers.get("location")).toBe(location);

    expect(await harness.count("shipbridge_shopify_batches WHERE shop = $1", [SHOP])).toBe(1);
    expect(
      await harness.count("pgboss.job WHERE name = $1 AND data->>'batchId' = $2", [
        "shipbridge-shopify-batch",
        batchId,
      ]),
    ).toBe(1);
    for (const id of ids) await shippedOnce(String(id));
    // Five orders are one order command.
    expect((await orderCommands()) - commandsBefore).toBe(1);
    // The bar only moves forward, and ends full.
    const values = seen.map((entry) => entry.progress.value);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(seen.at(-1)).toMatchObject({
      total: 5,
      progress: { value: 15, max: 15, percent: 100 },
      remainingMs: 0,
      counts: expect.objectContaining({ fulfilled: 5, needs_attention: 0 }),
    });

    const batchPage = await (await get(appA, location)).text();
    expect(batchPage).toContain(
      '<progress id="batch-progress" value="15" max="15">100%</progress>',
    );
    expect(batchPage).toContain("Fulfilled: 5, need attention: 0, skipped: 0");
    expect(batchPage).toContain(`href="/orders/batches/${batchId}/labels?shop=${SHOP}"`);
    expect(batchPage).toContain(
      `href="/orders/batches/${batchId}/protocol?shop=${SHOP}&amp;service=dpd"`,
    );
    expect(batchPage).toContain(`href="/orders/batches/${batchId}/courier?shop=${SHOP}"`);
    // Done: the page neither refreshes itself nor polls.
    expect(batchPage).not.toContain('http-equiv="refresh"');
    expect(batchPage).not.toContain("<script");
    // The orders are no longer offered for shipping.
    const after = await (await get(appA, `/orders?shop=${SHOP}`)).text();
    expect(after).not.toMatch(/<input type="checkbox" name="order_id" value="9101"/);
    expect(after).toContain(`href="/orders/batches/${batchId}?shop=${SHOP}"`);
  });

  it("gives the batch's labels as one file in the shop's format, and a protocol per carrier", async () => {
    const base = `/orders/batches/${shippedBatch}`;
    const documents = async () =>
      ((await harness.sandbox.control("/stats")) as { rest: { documents_commands: number } }).rest
        .documents_commands;
    const before = await documents();
    // PDF A4 by default: five labels, four a page.
    const a4 = await get(appA, `${base}/labels?shop=${SHOP}`);
    expect(a4.status).toBe(200);
    expect(a4.headers.get("content-type")).toBe("application/pdf");
    expect(a4.headers.get("content-disposition")).toMatch(/^attachment; filename="[\w.-]+\.pdf"$/);
    expect(pages(await a4.text())).toBe(2);
    // Asked again (a double click): the same documents command, the same file.
    expect(pages(await (await get(appB, `${base}/labels?shop=${SHOP}`)).text())).toBe(2);
    expect((await documents()) - before).toBe(1);

    await appA.merchant(SHOP).updateSettings({ labelFormat: "pdf_a6" });
    expect(pages(await (await get(appA, `${base}/labels?shop=${SHOP}`)).text())).toBe(5);
    await appA.merchant(SHOP).updateSettings({ labelFormat: "zpl" });
    const zpl = await get(appA, `${base}/labels?shop=${SHOP}`);
    expect(zpl.headers.get("content-type")).toBe("application/zpl");
    const text = await zpl.text();
    expect(text.match(/\^XA/g)).toHaveLength(5);
    expect(text.match(/\^XZ/g)).toHaveLength(5);
    await appA.merchant(SHOP).updateSettings({ labelFormat: "pdf_a4" });

    const protocol = await get(appA, `${base}/protocol?shop=${SHOP}&service=dpd`);
    expect(protocol.status).toBe(200);
    expect(protocol.headers.get("content-type")).toBe("application/pdf");
    const listed = await protocol.text();
    for (const id of ["9101", "9102", "9103", "9104", "9105"]) {
      const row = await loadShipment(harness.pool, SHOP, id);
      expect(listed).toContain(row?.tracking?.numbers[0] ?? "?");
    }
    // The same in code.
    const merchant = appB.merchant(SHOP);
    const file = await merchant.batchLabels(shippedBatch);
    expect(file).toMatchObject({ contentType: "application/pdf", skipped: [] });
    expect(file?.packageIds).toHaveLength(5);
    const protocols = await merchant.batchProtocols(shippedBatch);
    expect(protocols.map((entry) => [entry.service, entry.packageIds.length])).toEqual([
      ["dpd", 5],
    ]);
    expect(await appB.merchant("other-shop.myshopify.com").batchLabels(shippedBatch)).toBeNull();
    // One order's own label: fetched from the service when first asked, then kept.
    expect((await loadShipment(harness.pool, SHOP, "9101"))?.hasLabel).toBe(false);
    const one = await merchant.label("9101");
    expect(one?.contentType).toBe("application/pdf");
    expect(new TextDecoder().decode(one?.body.slice(0, 5))).toBe("%PDF-");
    expect((await loadShipment(harness.pool, SHOP, "9101"))?.hasLabel).toBe(true);
    const download = await get(appA, `/settings/label?shop=${SHOP}&order=9102`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toBe(
      'attachment; filename="label-9102.pdf"',
    );
    // No parcel of that carrier, no batch of that id, or another shop: nothing.
    expect((await get(appA, `${base}/protocol?shop=${SHOP}&service=inpost`)).status).toBe(404);
    expect(
      (await get(appA, `/orders/batches/00000000-0000-4000-8000-000000000000/labels?shop=${SHOP}`))
        .status,
    ).toBe(404);
  });

  it("shows a running batch with a bar that refreshes without scripts and polls with them", async () => {
    const ids = [9151, 9152];
    await waiting(ids);
    // Shopify holds one of the batch's reads: the batch is running, its bar near the start.
    const hold = harness.fake.holdNext("ShopOrder");
    let id = "";
    try {
      const batch = await appA.merchant(SHOP).shipBatch(ids.map(String));
      expect(batch).toMatchObject({ total: 2, progress: { value: 0, max: 6, percent: 0 } });
      id = batch?.id ?? "";
      await hold.reached;
      expect(await status(appB, id)).toMatchObject({ status: "running", stage: "reading" });
      const page = await (await get(appB, `/orders/batches/${id}?shop=${SHOP}`)).text();
      // One order is read, the other held: at most one step of six.
      expect(page).toMatch(
        /<progress id="batch-progress" value="[01]" max="6">(0|16)%<\/progress>/,
      );
      expect(page).toContain("Reading the orders from Shopify");
      // Without scripts the page reloads itself; with them, an inline script (none
      // from a CDN) polls the status.
      expect(page).toContain('<noscript><meta http-equiv="refresh" content="2" /></noscript>');
      expect(page).toContain(`var url = "/orders/batches/${id}/status?shop=${SHOP}"`);
      expect(page).not.toMatch(/<script[^>]+src=/);
      expect(page).toContain("The documents are there once parcels are bought.");
    } finally {
      hold.release();
    }
    await untilDone(appA, id);
    for (const orderId of ids) await shippedOnce(String(orderId));
    // Another shop's merchant cannot read it.
    const stranger = await appA.merchant("other-shop.myshopify.com").batch(id);
    expect(stranger).toBeNull();
  });

  it("buys one parcel for an order a webhook ships while its batch runs", async () => {
    const ids = [9301, 9302, 9303];
    await waiting(ids);
    const [batch] = await Promise.all([
      appA.merchant(SHOP).shipBatch(ids.map(String), { key: "race" }),
      appB.merchant(SHOP).ship("9302"),
    ]);
    await untilDone(appB, batch?.id ?? "");
    await harness.settled(SHOP, "9302", ["fulfilled"]);
    // The webhook's job may still be finishing: let it, then count.
    await eventually(
      async () =>
        (await harness.count(
          "pgboss.job WHERE name = 'shipbridge-shopify-webhook' AND state IN ('created', 'active', 'retry')",
        )) === 0,
      "the webhook jobs",
    );
    for (const id of ids) await shippedOnce(String(id));
  });

  it("reports an invalid order with its fields named, ships the others, and retries it once fixed", async () => {
    const bad = {
      shipping_address: {
        ...(sampleShopifyOrder().shipping_address as object),
        address1: "ul. Długa",
        address2: null,
        zip: "ABC",
      },
    } as Partial<ShopifyOrder>;
    await waiting([9201], bad);
    await waiting([9202, 9203]);
    const batch = await appA.merchant(SHOP).shipBatch(["9201", "9202", "9203"]);
    const id = batch?.id ?? "";
    await untilDone(appA, id);
    await shippedOnce("9202");
    await shippedOnce("9203");
    const row = await loadShipment(harness.pool, SHOP, "9201");
    expect(row?.status).toBe("needs_attention");
    expect(row?.issues.map((issue) => issue.path).sort()).toEqual([
      "order.shipping_address.postcode",
      "order.shipping_address.street",
    ]);
    expect(await harness.ledger(SHOP, "9201")).toEqual({ packageIds: [], charges: 0 });

    const details = await appA.merchant(SHOP).batch(id);
    expect(details?.counts).toMatchObject({ fulfilled: 2, needs_attention: 1 });
    const failed = details?.orders.find((order) => order.orderId === "9201");
    expect(failed?.outcome).toBe("needs_attention");
    expect(failed?.problems.map((problem) => problem.field).sort()).toEqual([
      "Shipping address › postcode",
      "Shipping address › street and number",
    ]);
    const polish = await appA.merchant(SHOP).batch(id, { language: "pl" });
    expect(
      polish?.orders
        .find((order) => order.orderId === "9201")
        ?.problems.map((p) => p.field)
        .sort(),
    ).toEqual(["Adres dostawy › kod pocztowy", "Adres dostawy › ulica i numer"]);

    const page = await (await get(appA, `/orders/batches/${id}?shop=${SHOP}`)).text();
    expect(page).toContain(
      "<strong>Shipping address › postcode</strong> (<code>order.shipping_address.postcode</code>)",
    );
    expect(page).toContain("Retry the orders that need attention (1)");

    // Fixed in Shopify, then retried from the batch's page: a new batch of that order.
    harness.fake.updateOrder(SHOP, harness.order(SHOP, 9201));
    const retry = await post(appA, "/orders/batch", [
      ["batch_key", hidden(page, "batch_key")],
      ["order_id", "9201"],
    ]);
    expect(retry.status).toBe(303);
    const retried = /\/orders\/batches\/([0-9a-f-]{36})/.exec(
      retry.headers.get("location") ?? "",
    )?.[1];
    expect(retried).toBeDefined();
    expect(retried).not.toBe(id);
    await untilDone(appA, retried ?? "");
    await shippedOnce("9201");
  });

  it("ships every waiting order with 'Ship all waiting', and says so when none is left", async () => {
    await waiting([9401, 9402]);
    const page = await (await get(appB, `/orders?shop=${SHOP}`)).text();
    const all = await post(appB, "/orders/batch", [
      ["batch_key", hidden(page, "batch_key")],
      ["all", "waiting"],
    ]);
    expect(all.status).toBe(303);
    const id = /\/orders\/batches\/([0-9a-f-]{36})/.exec(all.headers.get("location") ?? "")?.[1];
    await untilDone(appB, id ?? "");
    await shippedOnce("9401");
    await shippedOnce("9402");
    const again = await post(appB, "/orders/batch", [
      ["batch_key", "another-key-1234"],
      ["all", "waiting"],
    ]);
    expect(again.headers.get("location")).toContain("/orders?");
    expect(again.headers.get("location")).toContain("nothing=1");
    const told = await (await get(appB, again.headers.get("location") ?? "")).text();
    expect(told).toContain("None of the orders chosen is waiting to ship.");
  });

  it("refuses a visitor who is not the shop's merchant", async () => {
    const anonymous = await appA(new Request(`${APP_URL}/orders?shop=${SHOP}`));
    expect(anonymous.status).toBe(401);
    const form = await appA(
      new Request(`${APP_URL}/orders/batch`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "batch_key=abcdefgh-1&order_id=9101",
      }),
    );
    expect(form.status).toBe(401);
  });
});
