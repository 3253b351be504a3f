// Which parcels are a batch's, end to end on a real PostgreSQL, the sandbox
// over HTTP and FakeShopify, with one parcel a file so that a batch's
// labels come in parts: a batch's labels, protocols and courier take the
// parcels that batch bought, never one another batch bought for the same
// order (an order that needed attention, then shipped by Retry); and the
// labels of a batch in several files are had part by part, never cut to
// the first part unsaid.
import { beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import type { ShopifyOrder } from "../mapping/shopify-order.ts";
import { loadShipment } from "../store/shipments.ts";
import { eventually } from "../test-support/eventually.ts";
import { useHarness } from "../test-support/harness.ts";
import { sampleShopifyOrder } from "../testing/orders.ts";

const harness = useHarness();
const SHOP = "batch-parcels-shop.myshopify.com";
let app: ShopifyApp;

beforeAll(async () => {
  app = await harness.app({ batch: { parcelsPerFile: 1 } });
  await harness.ready(app, SHOP, { shipOn: "manual", language: "en_GB" });
}, 60_000);

const done = (id: string) =>
  eventually(async () => (await app.merchant(SHOP).batch(id))?.status === "done", "batch", 600);

async function packageOf(orderId: string): Promise<number> {
  const packageId = (await loadShipment(harness.pool, SHOP, orderId))?.packageId;
  if (packageId === undefined) throw new Error(`order ${orderId} has no package`);
  return packageId;
}

describe("a batch's parcels", () => {
  it("are those the batch bought, not one a later batch bought for its order", async () => {
    const bad = {
      shipping_address: { ...(sampleShopifyOrder().shipping_address as object), zip: "ABC" },
    } as Partial<ShopifyOrder>;
    await harness.deliverPaid(app, SHOP, harness.order(SHOP, 8401, bad));
    await harness.deliverPaid(app, SHOP, harness.order(SHOP, 8402));
    for (const id of ["8401", "8402"]) await harness.settled(SHOP, id, ["waiting"]);
    const merchant = app.merchant(SHOP);
    const a = (await merchant.shipBatch(["8401", "8402"], { key: "parcels-a" }))?.id ?? "";
    await done(a);
    expect((await loadShipment(harness.pool, SHOP, "8401"))?.status).toBe("needs_attention");
    // Fixed in Shopify, and shipped by another batch (Retry).
    harness.fake.updateOrder(SHOP, harness.order(SHOP, 8401));
    const b = (await merchant.shipBatch(["8401"], { key: "parcels-b" }))?.id ?? "";
    await done(b);
    const [bought8401, bought8402] = [await packageOf("8401"), await packageOf("8402")];

    const parcels = async (batchId: string) => ({
      labels: (await merchant.batchLabels(batchId))?.packageIds,
      protocols: (await merchant.batchProtocols(batchId)).flatMap((file) => file.packageIds),
      courier: (await merchant.courier(batchId))?.carriers.flatMap((c) => c.packageIds),
    });
    expect(await parcels(a)).toEqual({
      labels: [bought8402],
      protocols: [bought8402],
      courier: [bought8402],
    });
    expect(await parcels(b)).toEqual({
      labels: [bought8401],
      protocols: [bought8401],
      courier: [bought8401],
    });
  });

  it("in several files are given part by part, never only the first unsaid", async () => {
    for (const id of [8411, 8412]) {
      await harness.deliverPaid(app, SHOP, harness.order(SHOP, id));
      await harness.settled(SHOP, String(id), ["waiting"]);
    }
    const merchant = app.merchant(SHOP);
    const id = (await merchant.shipBatch(["8411", "8412"], { key: "parcels-parts" }))?.id ?? "";
    await done(id);
    const [first, second] = [await packageOf("8411"), await packageOf("8412")];
    // One parcel a file: two files. Asked for "the" file, it says there are two.
    await expect(merchant.batchLabels(id)).rejects.toMatchObject({
      name: "BatchLabelPartsError",
      code: "batch_label_parts",
      parts: 2,
    });
    expect(await merchant.batchLabels(id, { part: 1 })).toMatchObject({
      part: 1,
      parts: 2,
      packageIds: [first],
      contentType: "application/pdf",
    });
    expect(await merchant.batchLabels(id, { part: 2 })).toMatchObject({
      part: 2,
      parts: 2,
      packageIds: [second],
    });
    expect(await merchant.batchLabels(id, { part: 3 })).toBeNull();
  });
});
