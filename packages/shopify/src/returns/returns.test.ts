// Returns end to end on a real PostgreSQL, the sandbox over HTTP and
// FakeShopify, whose returns/* webhooks go to the app as Shopify sends them
// (signed, after the merchant's mutation): a return the merchant creates gets
// one return parcel from the customer's nearest send point to the shop,
// attached to the return's reverse delivery with its label (fetched by
// Shopify from the app's signed link) and tracking, the customer notified;
// followed until delivered back. A customer's request waits for approval.
// Ten deliveries of returns/approve at once to two instances buy one parcel
// and attach it once. A cancelled return gives its parcel back; a declined
// request buys nothing.
import { randomUUID } from "node:crypto";
import { returnReference } from "@shipbridge/core";
import { beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import { loadReturn, loadReturnLabel, type ReturnRow } from "../store/returns.ts";
import { eventually } from "../test-support/eventually.ts";
import { APP_URL, useHarness } from "../test-support/harness.ts";
import { adminCall, merchantReturns } from "../test-support/merchant-returns.ts";
import { legacyIdOf } from "./read-return.ts";

const harness = useHarness();
const SHOP = "returns-shop.myshopify.com";
let appA: ShopifyApp;
let appB: ShopifyApp;

beforeAll(async () => {
  [appA, appB] = await Promise.all([harness.app(), harness.app()]);
  await harness.ready(appA, SHOP);
  // Shopify sends the returns webhooks to the app, and fetches labels from it.
  harness.fake.returns.onWebhook = (shop, topic, payload) =>
    harness.deliver(appA, shop, topic, payload);
  harness.fake.returns.fetchLabel = async (url) =>
    url.startsWith("https://merchant.example/")
      ? new Response(new TextEncoder().encode("%PDF-own"), {
          headers: { "content-type": "application/pdf" },
        })
      : appB(new Request(url));
}, 60_000);

/** An order shipped and fulfilled by the app, as every returned order was. */
async function fulfilledOrder(id: number): Promise<string> {
  const order = harness.order(SHOP, id);
  await harness.deliverPaid(appA, SHOP, order);
  const row = await harness.settled(SHOP, String(id), ["fulfilled", "needs_attention"]);
  expect(row.status).toBe("fulfilled");
  return `gid://shopify/Order/${id}`;
}

async function returnRow(
  returnId: string,
  statuses: readonly ReturnRow["status"][],
): Promise<ReturnRow> {
  let row: ReturnRow | undefined;
  await eventually(
    async () => {
      row = await loadReturn(harness.pool, SHOP, returnId);
      return row !== undefined && statuses.includes(row.status);
    },
    `return ${returnId} to be ${statuses.join(" or ")}`,
  );
  return row as ReturnRow;
}

/** The return parcels at the service for one return, and how many were charged. */
async function ledger(returnId: string) {
  const client = await harness.serviceClient();
  const { packages } = await client.packages.list({
    user_reference_number: returnReference(SHOP, legacyIdOf(returnId)),
  });
  const { messages } = await client.messages.list({ type: "order", limit: 500 });
  const ids = packages.map((pkg) => pkg.package_id);
  const charges = messages.filter(
    (message) => typeof message["package_id"] === "number" && ids.includes(message["package_id"]),
  ).length;
  return { packages, ids, charges };
}

function deliveriesOf(returnId: string) {
  return (harness.fake.returns.get(SHOP, returnId)?.reverseFulfillmentOrders ?? []).flatMap(
    (rfo) => rfo.deliveries,
  );
}

describe("returns", () => {
  it("a return the merchant creates gets one parcel, attached with its label and tracking, followed until delivered back", async () => {
    const orderId = await fulfilledOrder(8201);
    const made = await merchantReturns(harness.fake, SHOP).create(orderId);
    expect(made.userErrors).toEqual([]);
    const returnId = made.return?.id as string;
    const row = await returnRow(returnId, ["attached", "needs_attention"]);
    expect(row.issues).toBeUndefined();
    expect(row.status).toBe("attached");

    const { packages, charges } = await ledger(returnId);
    expect(packages).toHaveLength(1);
    expect(charges).toBe(1);
    const client = await harness.serviceClient();
    const parcel = await client.packages.get(packages[0]?.package_id as number);
    // From the customer, handed in at a point that takes parcels in, to the shop.
    expect(parcel.sender?.city).toBe("Gdańsk");
    expect(parcel.pickup?.point).toMatch(/\S/);
    expect(parcel.service).toBe("inpost");
    expect(parcel.receiver?.city).toBe("Warszawa");
    expect(parcel.receiver?.street).toBe("ul. Marszałkowska 1");

    const [delivery, ...more] = deliveriesOf(returnId);
    expect(more).toEqual([]);
    expect(delivery?.id).toBe(row.reverseDeliveryId);
    expect(delivery?.tracking).toEqual({
      number: row.tracking?.numbers[0],
      url: row.tracking?.urls[0],
    });
    expect(delivery?.notifyCustomer).toBe(true);
    // Shopify fetched the label from the app's signed link, and keeps its copy.
    expect(delivery?.label?.fileUrl.startsWith(`${APP_URL}/returns/label/`)).toBe(true);
    expect(delivery?.label?.contentType).toBe("application/pdf");
    expect(new TextDecoder().decode(delivery?.label?.bytes.subarray(0, 5))).toBe("%PDF-");
    // The link is the app's own: altered, it opens nothing.
    const forged = await appA(new Request(`${delivery?.label?.fileUrl}x`));
    expect(forged.status).toBe(403);

    // Followed until delivered back (the sandbox delivers after 30 hours).
    expect(await appA.reconcileReturns()).toBe(0);
    expect((await loadReturn(harness.pool, SHOP, returnId))?.status).toBe("attached");
    await harness.sandbox.control("/clock/advance", { seconds: 31 * 3600 });
    expect(await appA.reconcileReturns()).toBeGreaterThanOrEqual(1);
    const back = await loadReturn(harness.pool, SHOP, returnId);
    expect(back?.status).toBe("delivered");
    expect(back?.trackingState).toBe("delivered");
  });

  it("a customer's request waits for the merchant: nothing is bought until it is approved", async () => {
    const orderId = await fulfilledOrder(8202);
    const merchant = merchantReturns(harness.fake, SHOP);
    const requested = await merchant.request(orderId);
    const returnId = requested.return?.id as string;
    await harness.fake.returns.webhooksSent();
    await harness.waitForInbox(SHOP, legacyIdOf(returnId));
    expect(await loadReturn(harness.pool, SHOP, returnId)).toBeUndefined();
    expect((await ledger(returnId)).packages).toEqual([]);

    await merchant.approve(returnId);
    expect((await returnRow(returnId, ["attached", "needs_attention"])).status).toBe("attached");
    expect((await ledger(returnId)).charges).toBe(1);
  });

  it("returns/approve delivered ten times at once to two instances buys one parcel and attaches it once", async () => {
    const orderId = await fulfilledOrder(8203);
    // The merchant's return, with its webhook held back to be delivered ten times below.
    const sink = harness.fake.returns.onWebhook;
    const held: { topic: string; payload: unknown }[] = [];
    harness.fake.returns.onWebhook = (_shop, topic, payload) => {
      held.push({ topic, payload });
    };
    const made = await merchantReturns(harness.fake, SHOP).create(orderId);
    await harness.fake.returns.webhooksSent();
    harness.fake.returns.onWebhook = sink;
    const returnId = made.return?.id as string;
    const [approve] = held;
    expect(approve?.topic).toBe("returns/approve");
    const attaches = () =>
      harness.fake.calls.filter((call) => call.shop === SHOP && call.name === "AttachReturnLabel")
        .length;
    const attachesBefore = attaches();
    const retried = randomUUID();
    // Five retries of one delivery and five duplicate events, alternating between the instances.
    const ids = [...Array(5).fill(retried), ...Array.from({ length: 5 }, () => randomUUID())];
    const answers = await Promise.all(
      ids.map((webhookId, index) =>
        harness.deliver(index % 2 === 0 ? appA : appB, SHOP, "returns/approve", approve?.payload, {
          webhookId,
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    await returnRow(returnId, ["attached", "needs_attention"]);
    await harness.waitForInbox(SHOP, legacyIdOf(returnId));
    await harness.fake.returns.webhooksSent();
    const { packages, charges } = await ledger(returnId);
    expect(packages).toHaveLength(1);
    expect(charges).toBe(1);
    expect(deliveriesOf(returnId)).toHaveLength(1);
    // Asked once: no instance tried a second attach that Shopify had to refuse.
    expect(attaches() - attachesBefore).toBe(1);
  });

  it("a lost answer of the attach (made in Shopify, not recorded) is found, not attached twice", async () => {
    const orderId = await fulfilledOrder(8205);
    harness.fake.failNext("AttachReturnLabel", { after: true });
    const made = await merchantReturns(harness.fake, SHOP).create(orderId);
    const returnId = made.return?.id as string;
    const row = await returnRow(returnId, ["attached", "needs_attention"]);
    expect(row.status).toBe("attached");
    const deliveries = deliveriesOf(returnId);
    expect(deliveries).toHaveLength(1);
    expect(row.reverseDeliveryId).toBe(deliveries[0]?.id);
    expect((await ledger(returnId)).charges).toBe(1);
  });

  it("a return body replayed under another shop buys nothing there and is refused", async () => {
    const orderId = await fulfilledOrder(8206);
    const held: { topic: string; payload: unknown }[] = [];
    const sink = harness.fake.returns.onWebhook;
    harness.fake.returns.onWebhook = (_shop, topic, payload) => {
      held.push({ topic, payload });
    };
    const made = await merchantReturns(harness.fake, SHOP).create(orderId);
    await harness.fake.returns.webhooksSent();
    harness.fake.returns.onWebhook = sink;
    const other = "returns-other.myshopify.com";
    await harness.ready(appA, other);
    const webhookId = randomUUID();
    const answer = await harness.deliver(appA, other, "returns/approve", held[0]?.payload, {
      webhookId,
    });
    expect(answer.status).toBe(200);
    await eventually(
      async () =>
        (await harness.count(
          "shipbridge_shopify_inbox WHERE webhook_id = $1 AND processed_at IS NOT NULL",
          [webhookId],
        )) === 1,
      "the replayed delivery to be processed",
    );
    expect(
      await harness.count("shipbridge_shopify_inbox WHERE webhook_id = $1 AND refused = $2", [
        webhookId,
        "unknown_order",
      ]),
    ).toBe(1);
    expect(await loadReturn(harness.pool, other, made.return?.id as string)).toBeUndefined();
    expect((await ledger(made.return?.id as string)).packages).toEqual([]);
  });

  it("a return cancelled after the customer handed the parcel in is marked for the merchant", async () => {
    const orderId = await fulfilledOrder(8207);
    const merchant = merchantReturns(harness.fake, SHOP);
    const made = await merchant.create(orderId);
    const returnId = made.return?.id as string;
    const bought = await returnRow(returnId, ["attached", "needs_attention"]);
    expect(bought.status).toBe("attached");
    // The customer hands it in; the courier collects it two hours later.
    await harness.sandbox.control("/clock/advance", { seconds: 3 * 3600 });
    await merchant.cancel(returnId);
    const row = await returnRow(returnId, ["cancelled", "cancelled_after_handover"]);
    expect(row.status).toBe("cancelled_after_handover");
    const client = await harness.serviceClient();
    expect((await client.packages.get(bought.packageId as number)).state).not.toBe("canceled");
  });

  it("a cancelled return gives its parcel back; a declined request buys nothing", async () => {
    const orderId = await fulfilledOrder(8204);
    const merchant = merchantReturns(harness.fake, SHOP);
    const made = await merchant.create(orderId, [
      merchant.wholeOrder(orderId)[0] as { fulfillmentLineItemId: string; quantity: number },
    ]);
    const returnId = made.return?.id as string;
    const bought = await returnRow(returnId, ["attached", "needs_attention"]);
    expect(bought.status).toBe("attached");
    await merchant.cancel(returnId);
    const cancelled = await returnRow(returnId, ["cancelled", "cancelled_after_handover"]);
    expect(cancelled.status).toBe("cancelled");
    const client = await harness.serviceClient();
    await eventually(
      async () => (await client.packages.get(bought.packageId as number)).state === "canceled",
      "the return parcel to be cancelled at the service",
    );

    const requested = await merchant.request(orderId, [
      merchant.wholeOrder(orderId)[1] as { fulfillmentLineItemId: string; quantity: number },
    ]);
    const requestId = requested.return?.id as string;
    await merchant.decline(requestId);
    expect((await returnRow(requestId, ["cancelled"])).packageId).toBeUndefined();
    expect((await ledger(requestId)).packages).toEqual([]);
  });

  it("the day's reckoning counts a return parcel as the return's, and flags one paid for a cancelled return", async () => {
    const orderId = await fulfilledOrder(8209);
    const made = await merchantReturns(harness.fake, SHOP).create(orderId);
    const returnId = made.return?.id as string;
    const row = await returnRow(returnId, ["attached", "needs_attention"]);
    expect(row.status).toBe("attached");
    const client = await harness.serviceClient();
    const pkg = await client.packages.get(row.packageId as number);
    // The service writes UTC; the reckoning's day is the merchant's day in Warsaw,
    // which starts an hour or two earlier (the clock has been moved on by now).
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Warsaw" }).format(
      new Date(pkg.datetime_order as string),
    );
    const rowOf = async () =>
      (await appA.merchant(SHOP).reckoning(day)).rows.find(
        (one) => one.packageId === row.packageId,
      );
    // Not "a package with no order" whose remedy would refund the customer's live label.
    const live = await rowOf();
    expect(live).toMatchObject({ order: "shipped", flags: [] });
    expect(live?.remedy).toBeUndefined();
    // A return the app holds as cancelled whose parcel is still paid is flagged for its refund.
    await harness.pool.query(
      "UPDATE shipbridge_shopify_returns SET status = 'cancelled' WHERE shop = $1 AND return_id = $2",
      [SHOP, returnId],
    );
    const paid = await rowOf();
    expect(paid).toMatchObject({ order: "cancelled", flags: ["cancelled_order_paid"] });
    expect(paid?.remedy).toMatchObject({ action: "cancel_package", packageId: row.packageId });
  });

  it("buys nothing for a return that already carries a label, and tells the merchant why", async () => {
    const orderId = await fulfilledOrder(8210);
    const sink = harness.fake.returns.onWebhook;
    const held: { topic: string; payload: unknown }[] = [];
    harness.fake.returns.onWebhook = (_shop, topic, payload) => {
      held.push({ topic, payload });
    };
    const made = await merchantReturns(harness.fake, SHOP).create(orderId);
    await harness.fake.returns.webhooksSent();
    harness.fake.returns.onWebhook = sink;
    const returnId = made.return?.id as string;
    // The merchant uploads their own label before the app hears of the return.
    expect(JSON.stringify(await ownLabel(returnId))).toContain("ReverseDelivery/");
    const approve = held.find((one) => one.topic === "returns/approve");
    expect((await harness.deliver(appA, SHOP, "returns/approve", approve?.payload)).status).toBe(
      200,
    );
    const row = await returnRow(returnId, ["needs_attention", "attached", "bought"]);
    expect(row.status).toBe("needs_attention");
    expect(row.issues?.en_GB?.[0]?.rule).toBe("has_label");
    expect(row.issues?.pl_PL?.[0]?.message).toMatch(/etykiet/);
    expect((await ledger(returnId)).packages).toEqual([]);
  });

  it("gives the parcel back when Shopify refuses its label (another label took the return meanwhile)", async () => {
    const orderId = await fulfilledOrder(8211);
    const hold = harness.fake.holdNext("AttachReturnLabel");
    const made = await merchantReturns(harness.fake, SHOP).create(orderId);
    const returnId = made.return?.id as string;
    // Bought, and about to be attached: the merchant's own label gets there first.
    await hold.reached;
    expect(JSON.stringify(await ownLabel(returnId))).toContain("ReverseDelivery/");
    hold.release();
    const row = await returnRow(returnId, ["needs_attention", "attached"]);
    expect(row.status).toBe("needs_attention");
    expect(row.issues?.en_GB?.[0]).toMatchObject({
      rule: "label_refused",
      message: expect.stringContaining("Shopify:"),
    });
    const client = await harness.serviceClient();
    expect((await client.packages.get(row.packageId as number)).state).toBe("canceled");
  });

  it("names what the merchant must fix in English and Polish, each under its own language", async () => {
    const orderId = await fulfilledOrder(8212);
    // The customer's phone, edited after the order shipped, is not a phone.
    const order = harness.fake.order(SHOP, orderId)?.details;
    if (!order) throw new Error("the order is not in the fake");
    harness.fake.updateOrder(SHOP, {
      ...order,
      phone: null,
      shipping_address: { ...order.shipping_address, phone: "12345" },
    } as typeof order);
    const made = await merchantReturns(harness.fake, SHOP).create(orderId);
    const row = await returnRow(made.return?.id as string, ["needs_attention", "attached"]);
    expect(row.status).toBe("needs_attention");
    const english = row.issues?.en_GB ?? [];
    const polish = row.issues?.pl_PL ?? [];
    expect(english.map((issue) => issue.path)).toContain("return.customer.phone");
    expect(polish.map((issue) => [issue.path, issue.rule])).toEqual(
      english.map((issue) => [issue.path, issue.rule]),
    );
    expect(english.find((issue) => issue.path === "return.customer.phone")?.message).toMatch(
      /phone/i,
    );
    expect(polish.find((issue) => issue.path === "return.customer.phone")?.message).toMatch(
      /telefon/i,
    );
    expect((await ledger(made.return?.id as string)).packages).toEqual([]);
  });

  it("buys no parcel for a return heavier than every drop-off point near the customer takes", async () => {
    const orderId = await fulfilledOrder(8213);
    // What comes back weighs 30 kg: InPost's lockers take 25 kg, its shops 20 kg.
    const lines = harness.fake
      .order(SHOP, orderId)
      ?.fulfillmentOrders.flatMap((fo) => fo.lineItems);
    for (const line of lines ?? []) (line as { grams: number }).grams = 30_000;
    const merchant = merchantReturns(harness.fake, SHOP);
    const made = await merchant.create(
      orderId,
      merchant
        .wholeOrder(orderId)
        .slice(0, 1)
        .map((line) => ({ ...line, quantity: 1 })),
    );
    const row = await returnRow(made.return?.id as string, ["needs_attention", "attached"]);
    expect(row.status).toBe("needs_attention");
    expect(row.issues?.en_GB?.[0]?.rule).toBe("no_drop_off");
    expect((await ledger(made.return?.id as string)).packages).toEqual([]);
  });

  it("reports a customer's returns, forgets a label Shopify holds, and stops following a parcel cancelled elsewhere", async () => {
    const orderId = await fulfilledOrder(8214);
    const made = await merchantReturns(harness.fake, SHOP).create(orderId);
    const returnId = made.return?.id as string;
    const row = await returnRow(returnId, ["attached", "needs_attention"]);
    expect(row.status).toBe("attached");

    // customers/data_request: what the app holds of the order's return is in the report.
    await harness.deliver(appA, SHOP, "customers/data_request", {
      shop_id: 1,
      shop_domain: SHOP,
      orders_requested: [8214],
      customer: { id: 1, email: "anna@example.com", phone: null },
      data_request: { id: 8214 },
    });
    let report: { returns?: { return_id: string; package_id: string }[] } | undefined;
    await eventually(async () => {
      const { rows } = await harness.pool.query(
        "SELECT report FROM shipbridge_shopify_data_requests WHERE shop = $1 AND request_id = $2",
        [SHOP, "8214"],
      );
      report = rows[0]?.report;
      return report !== undefined;
    }, "the data request's report");
    expect(report?.returns?.map((one) => [one.return_id, Number(one.package_id)])).toEqual([
      [returnId, row.packageId],
    ]);

    // A day after the attach the app forgets the label bytes: Shopify keeps its copy.
    expect(await loadReturnLabel(harness.pool, SHOP, returnId)).toBeDefined();
    await appA.reconcileReturns();
    expect(await loadReturnLabel(harness.pool, SHOP, returnId)).toBeDefined();
    await harness.pool.query(
      "UPDATE shipbridge_shopify_returns SET updated_at = now() - interval '2 days' WHERE shop = $1 AND return_id = $2",
      [SHOP, returnId],
    );
    await appA.reconcileReturns();
    expect(await loadReturnLabel(harness.pool, SHOP, returnId)).toBeUndefined();

    // Cancelled at the service by someone else: the merchant is told, and it is not followed forever.
    const client = await harness.serviceClient();
    await client.cancelCommands.run(randomUUID(), {
      packages: [{ id: row.packageId as number }],
      reasonType: "other",
      reasonContent: "Cancelled by hand.",
    });
    await appA.reconcileReturns();
    const cancelled = await loadReturn(harness.pool, SHOP, returnId);
    expect(cancelled?.status).toBe("needs_attention");
    expect(cancelled?.issues?.pl_PL?.[0]?.rule).toBe("parcel_cancelled");
    const checkedAt = async () =>
      (
        await harness.pool.query(
          "SELECT tracking_checked_at FROM shipbridge_shopify_returns WHERE shop = $1 AND return_id = $2",
          [SHOP, returnId],
        )
      ).rows[0]?.tracking_checked_at as Date;
    const before = await checkedAt();
    await appA.reconcileReturns();
    expect(await checkedAt()).toEqual(before);
  });
});

const OWN_LABEL = `mutation MerchantOwnLabel($rfo: ID!, $lines: [ReverseDeliveryLineItemInput!]!) {
  reverseDeliveryCreateWithShipping(reverseFulfillmentOrderId: $rfo, reverseDeliveryLineItems: $lines,
    labelInput: { fileUrl: "https://merchant.example/own-label.pdf" },
    trackingInput: { number: "OWN123", url: "https://t.example/OWN123" }, notifyCustomer: true) {
    reverseDelivery { id } userErrors { field message code } } }`;

/** The merchant attaches a label of their own to the return (Shopify admin: "Upload return label"). */
function ownLabel(returnId: string) {
  const rfo = harness.fake.returns.get(SHOP, returnId)?.reverseFulfillmentOrders[0];
  return adminCall(harness.fake, SHOP, OWN_LABEL, {
    rfo: rfo?.id,
    lines: rfo?.lineItems.map((line) => ({
      reverseFulfillmentOrderLineItemId: line.id,
      quantity: line.totalQuantity,
    })),
  });
}
