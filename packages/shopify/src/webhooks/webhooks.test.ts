// Webhooks end to end on a real PostgreSQL, the sandbox and FakeShopify:
// a forged HMAC is refused with nothing written; orders/paid delivered ten
// times at once to two app instances sharing the database (retries of one
// delivery and duplicate events) gives one package, one order command and one
// fulfilment with tracking; an order with bad data needs attention with the
// field's path; cancellation, uninstall and the compliance topics.
import { randomUUID } from "node:crypto";
import type pg from "pg";
import { PgBoss } from "pg-boss";
import { beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import type { ShopifyAddress, ShopifyOrder } from "../mapping/shopify-order.ts";
import { BATCH_QUEUE, WEBHOOK_QUEUE } from "../queue/jobs.ts";
import { cancelCommandId } from "../shipping/cancel-shipment.ts";
import { loadShipment } from "../store/shipments.ts";
import { eventually } from "../test-support/eventually.ts";
import { APP_URL, KEYS, useHarness } from "../test-support/harness.ts";
import { sampleShopifyOrder } from "../testing/orders.ts";
import { webhookRequest } from "../testing/signed-requests.ts";

const harness = useHarness();
const SAMPLE_ADDRESS = sampleShopifyOrder().shipping_address as ShopifyAddress;
const SHOP = "webhook-shop.myshopify.com";
let appA: ShopifyApp;
let appB: ShopifyApp;
let pool: pg.Pool;
let cookie: string;

beforeAll(async () => {
  [appA, appB] = await Promise.all([harness.app(), harness.app()]);
  cookie = await harness.ready(appA, SHOP);
  pool = harness.pool;
}, 60_000);

function deliver(
  app: ShopifyApp,
  topic: string,
  payload: unknown,
  webhookId?: string,
  signWith?: string,
) {
  return harness.deliver(app, SHOP, topic, payload, {
    ...(webhookId ? { webhookId } : {}),
    ...(signWith ? { signWith } : {}),
  });
}

const count = harness.count;

/** Waits (polling the database) until the order's shipment reaches one of `statuses`. */
const settled = (orderId: string, statuses: string[]) => harness.settled(SHOP, orderId, statuses);

function newOrder(id: number, overrides: Partial<ShopifyOrder> = {}): ShopifyOrder {
  return harness.order(SHOP, id, overrides);
}

describe("webhooks", () => {
  it("refuses a forged HMAC with 401 and writes nothing", async () => {
    const before = await count("shipbridge_shopify_inbox");
    const response = await deliver(
      appA,
      "orders/paid",
      newOrder(9001),
      undefined,
      "not-the-secret",
    );
    expect(response.status).toBe(401);
    expect(await count("shipbridge_shopify_inbox")).toBe(before);
    expect(await loadShipment(pool, SHOP, "9001")).toBeUndefined();
  });

  it("refuses a signed body replayed under another shop or topic, and writes nothing", async () => {
    const before = await count("shipbridge_shopify_inbox");
    const replay = (shop: string, topic: string, payload: unknown) =>
      appA(
        webhookRequest({
          url: `${APP_URL}/webhooks`,
          apiSecretKey: KEYS.apiSecretKey,
          shop,
          topic,
          payload,
        }),
      );
    const redact = { shop_id: 1, shop_domain: SHOP };
    expect((await replay("other-shop.myshopify.com", "shop/redact", redact)).status).toBe(401);
    // An order's body (it names no shop) replayed as app/uninstalled.
    expect((await replay(SHOP, "app/uninstalled", sampleShopifyOrder({ id: 9002 }))).status).toBe(
      401,
    );
    expect(
      (await replay("other-shop.myshopify.com", "app/uninstalled", { myshopify_domain: SHOP }))
        .status,
    ).toBe(401);
    expect(await count("shipbridge_shopify_inbox")).toBe(before);
  });

  it("ships orders/paid delivered 10 times to two instances once, and fulfils it once with tracking", async () => {
    const order = newOrder(7001);
    const retried = randomUUID();
    // Five retries of one delivery and five duplicate events, alternating between the instances.
    const ids = [...Array(5).fill(retried), ...Array.from({ length: 5 }, () => randomUUID())];
    const responses = await Promise.all(
      ids.map((id, index) => deliver(index % 2 === 0 ? appA : appB, "orders/paid", order, id)),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
    expect(await count("shipbridge_shopify_inbox WHERE payload->>'id' = '7001'")).toBe(6);

    const row = await settled("7001", ["fulfilled", "needs_attention"]);
    expect(row.issues).toEqual([]);
    expect(row.status).toBe("fulfilled");
    // Wait for every job of the ten deliveries to finish before counting.
    await harness.waitForInbox(SHOP, "7001");
    expect(
      await count(
        "shipbridge_shopify_inbox WHERE payload->>'id' = '7001' AND processed_at IS NULL",
      ),
    ).toBe(0);

    const fakeOrder = harness.fake.order(SHOP, "gid://shopify/Order/7001");
    expect(fakeOrder?.fulfillments).toHaveLength(1);
    const [fulfillment] = fakeOrder?.fulfillments ?? [];
    expect(fulfillment?.trackingInfo).toEqual([
      { company: "DPD", number: row.tracking?.numbers[0], url: row.tracking?.urls[0] },
    ]);
    expect(row.tracking?.numbers[0]).toMatch(/\S/);
    expect(row.fulfillmentId).toBe(fulfillment?.id);
    expect(fulfillment?.notifyCustomer).toBe(true);
    const ledger = await harness.ledger(SHOP, "7001");
    expect(ledger.packageIds).toHaveLength(1);
    expect(ledger.charges).toBe(1);
    const shipped = await (await harness.serviceClient()).packages.get(
      ledger.packageIds[0] as number,
    );
    expect(shipped.receiver?.street).toContain("Długa 5");
  });

  it("keeps an order with bad data as needing attention, with the field's path", async () => {
    const order = newOrder(7002, {
      shipping_address: {
        first_name: "Anna",
        last_name: "Nowak",
        city: "Gdańsk",
        zip: "80-831",
        country_code: "PL",
        phone: "+48 601 234 567",
      },
    });
    expect((await deliver(appB, "orders/paid", order)).status).toBe(200);
    const row = await settled("7002", ["needs_attention", "fulfilled"]);
    expect(row.status).toBe("needs_attention");
    // In the merchant's language (Polish by default), with the field's path.
    expect(row.issues).toEqual([
      {
        path: "order.shipping_address.street",
        rule: "too_small",
        message: "To pole nie może być puste.",
      },
    ]);
    expect((await harness.ledger(SHOP, "7002")).packageIds).toEqual([]);

    // The merchant fixes the address in Shopify: orders/updated ships it.
    const fixed = {
      ...order,
      shipping_address: { ...order.shipping_address, address1: "ul. Długa 5" },
    };
    harness.fake.updateOrder(SHOP, fixed);
    expect((await deliver(appA, "orders/updated", fixed)).status).toBe(200);
    const done = await settled("7002", ["fulfilled"]);
    expect(done.issues).toEqual([]);
    expect((await harness.ledger(SHOP, "7002")).packageIds).toHaveLength(1);
  });

  it("reports every problem of an address it cannot ship to at once, and buys nothing", async () => {
    const order = newOrder(7040, {
      shipping_address: {
        ...SAMPLE_ADDRESS,
        address1: "ul. Długa",
        address2: null,
        zip: "ABC",
        phone: "12345",
      },
    });
    expect((await deliver(appA, "orders/paid", order)).status).toBe(200);
    const row = await settled("7040", ["needs_attention", "fulfilled"]);
    expect(row.status).toBe("needs_attention");
    expect(row.issues.map((issue) => [issue.path, issue.rule]).sort()).toEqual([
      ["order.shipping_address.phone", "phone_invalid"],
      ["order.shipping_address.postcode", "postcode_invalid"],
      ["order.shipping_address.street", "house_number_missing"],
    ]);
    const [listed] = (await appA.merchant(SHOP).orders({ language: "en" })).filter(
      (entry) => entry.orderId === "7040",
    );
    expect(listed?.problems.map((problem) => problem.path).sort()).toEqual([
      "order.shipping_address.phone",
      "order.shipping_address.postcode",
      "order.shipping_address.street",
    ]);
    expect(await harness.ledger(SHOP, "7040")).toEqual({ packageIds: [], charges: 0 });
  });

  it("buys no parcel for an order refunded in full, neither on its update nor on Retry", async () => {
    const order = newOrder(7008, {
      updated_at: "2026-11-20T10:00:00Z",
      shipping_address: { ...SAMPLE_ADDRESS, address1: "" },
    });
    await deliver(appA, "orders/paid", order);
    expect((await settled("7008", ["needs_attention", "fulfilled"])).status).toBe(
      "needs_attention",
    );
    // The merchant fixes the address and refunds the order: the update would ship it.
    const refunded = {
      ...order,
      updated_at: "2026-11-20T11:00:00Z",
      financial_status: "refunded",
      shipping_address: { ...SAMPLE_ADDRESS, address1: "ul. Długa 5" },
    };
    harness.fake.updateOrder(SHOP, refunded);
    await deliver(appB, "orders/updated", refunded);
    const issues = [
      {
        path: "order.financial_status",
        rule: "refunded",
        message: "Zamówienie zostało w całości zwrócone klientowi, więc nie jest wysyłane.",
      },
    ];
    const shows = async (since: Date) => {
      const row = await loadShipment(pool, SHOP, "7008");
      return (
        row?.status === "needs_attention" &&
        row.updatedAt > since &&
        JSON.stringify(row.issues) === JSON.stringify(issues)
      );
    };
    await eventually(() => shows(new Date(0)), "the refund to be the order's problem");
    // The merchant presses Retry: the job runs again (the row is written anew), and buys nothing.
    const before = (await loadShipment(pool, SHOP, "7008"))?.updatedAt ?? new Date();
    await appA.merchant(SHOP).ship("7008");
    await eventually(() => shows(before), "the Retry to run");
    const [listed] = (await appA.merchant(SHOP).orders({ language: "en" })).filter(
      (entry) => entry.orderId === "7008",
    );
    expect(listed?.problems).toEqual([
      {
        path: "order.financial_status",
        rule: "refunded",
        message: "The order was refunded in full, so it is not shipped.",
      },
    ]);
    expect(await harness.ledger(SHOP, "7008")).toEqual({ packageIds: [], charges: 0 });
  });

  it("fulfils an order refunded after its parcel was paid for, though its id was never recorded", async () => {
    const order = newOrder(7009, { updated_at: "2026-11-20T10:00:00Z" });
    // The order command goes through, then reading the label fails: the run
    // throws before recording the package, and its job waits to retry.
    await harness.sandbox.control("/faults", { status: 503, path: "/packages/*/label" });
    try {
      await deliver(appA, "orders/paid", order);
      await eventually(
        async () => (await harness.ledger(SHOP, "7009")).charges === 1,
        "the charge",
      );
      await eventually(
        async () =>
          (await count(
            `pgboss.job AS job JOIN shipbridge_shopify_inbox AS inbox
               ON inbox.webhook_id = job.data->>'webhookId'
             WHERE job.name = $1 AND job.state = 'retry' AND inbox.payload->>'id' = '7009'`,
            [WEBHOOK_QUEUE],
          )) === 1,
        "the failed run's retry",
      );
      expect((await loadShipment(pool, SHOP, "7009"))?.packageId).toBeUndefined();
      const refunded = {
        ...order,
        updated_at: "2026-11-20T11:00:00Z",
        financial_status: "refunded",
      };
      harness.fake.updateOrder(SHOP, refunded);
      await deliver(appB, "orders/updated", refunded);
    } finally {
      await harness.sandbox.control("/faults", undefined, "DELETE");
    }
    // The retry finds the paid package and finishes: nothing more is bought.
    const row = await settled("7009", ["fulfilled", "needs_attention"]);
    expect(row.status).toBe("fulfilled");
    const ledger = await harness.ledger(SHOP, "7009");
    expect(ledger).toEqual({ packageIds: [row.packageId], charges: 1 });
  });

  it("keeps an order the service itself refuses as needing attention, with the service's path", async () => {
    // Core knows the pallet carrier, but the account has no such service: only the
    // service can tell (its own rule, service_unavailable, answered with 400).
    const order = newOrder(7030, {
      shipping_lines: [
        {
          title: "Ambro Express",
          code: "shipbridge:ambroexpress",
          source: "shipbridge",
          price: "99.00",
        },
      ],
    });
    expect((await deliver(appA, "orders/paid", order)).status).toBe(200);
    const row = await settled("7030", ["needs_attention", "fulfilled"]);
    expect(row.status).toBe("needs_attention");
    expect(row.issues).toEqual([
      {
        path: "service",
        rule: "service_unavailable",
        message: expect.stringMatching(/ambroexpress/),
      },
    ]);
    expect(row.packageId).toBeUndefined();
    expect(await harness.ledger(SHOP, "7030")).toEqual({ packageIds: [], charges: 0 });
    const page = await (
      await appA(new Request(`${APP_URL}/settings?shop=${SHOP}`, { headers: { cookie } }))
    ).text();
    expect(page).toMatch(/id="order-7030".*<code>service<\/code>/s);
  });

  it("maps the order as Shopify holds it again on orders/edited, and ships it", async () => {
    const bad = newOrder(7006, {
      updated_at: "2026-11-20T10:00:00Z",
      shipping_address: {
        first_name: "Anna",
        last_name: "Nowak",
        city: "Gdańsk",
        zip: "80-831",
        country_code: "PL",
        phone: "+48 601 234 567",
      },
    });
    await deliver(appA, "orders/paid", bad);
    expect((await settled("7006", ["needs_attention", "fulfilled"])).status).toBe(
      "needs_attention",
    );
    // An edit's payload is a summary; the order, unchanged in Shopify, is validated again and still waits.
    await deliver(appB, "orders/edited", { order_edit: { id: 1, order_id: 7006 } });
    await new Promise((resolve) => setTimeout(resolve, harness.pollSeconds * 3000));
    const still = await loadShipment(pool, SHOP, "7006");
    expect(still?.status).toBe("needs_attention");
    expect(still?.issues.map((issue) => issue.path)).toEqual(["order.shipping_address.street"]);

    // The merchant edits the order in Shopify; orders/edited reads, maps and
    // validates it again, and ships it.
    const edited = {
      ...bad,
      updated_at: "2026-11-20T11:00:00Z",
      shipping_address: { ...bad.shipping_address, address1: "ul. Morska 9" },
    };
    harness.fake.updateOrder(SHOP, edited);
    await deliver(appB, "orders/edited", { order_edit: { id: 2, order_id: 7006 } });
    const done = await settled("7006", ["fulfilled"]);
    expect(done.issues).toEqual([]);
    const ledger = await harness.ledger(SHOP, "7006");
    expect(ledger.packageIds).toHaveLength(1);
    const client = await harness.serviceClient();
    expect((await client.packages.get(ledger.packageIds[0] as number)).receiver?.street).toContain(
      "Morska 9",
    );

    // A change made before the paid webhook is not lost: the order as Shopify holds it ships.
    const first = newOrder(7007, { updated_at: "2026-11-20T10:00:00Z" });
    const changed = {
      ...first,
      updated_at: "2026-11-20T12:00:00Z",
      shipping_address: { ...first.shipping_address, address1: "ul. Nowa 1" },
    };
    harness.fake.updateOrder(SHOP, changed);
    await deliver(appA, "orders/updated", changed);
    await deliver(appB, "orders/paid", first);
    await settled("7007", ["fulfilled"]);
    const [packageId] = (await harness.ledger(SHOP, "7007")).packageIds;
    expect((await client.packages.get(packageId as number)).receiver?.street).toContain("Nowa 1");
  });

  it("marks a cancelled order, and flags one cancelled after its parcel was ordered", async () => {
    const early = newOrder(7003);
    // Shopify cancels the order, then sends its webhook.
    const earlyCancelled = { ...early, cancelled_at: new Date().toISOString() };
    harness.fake.updateOrder(SHOP, earlyCancelled);
    expect((await deliver(appA, "orders/cancelled", earlyCancelled)).status).toBe(200);
    expect((await settled("7003", ["cancelled"])).packageId).toBeUndefined();
    // A paid webhook that arrives after the cancellation ships nothing.
    expect((await deliver(appA, "orders/paid", early)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, harness.pollSeconds * 3000));
    expect((await harness.ledger(SHOP, "7003")).packageIds).toEqual([]);

    const late = newOrder(7004);
    await deliver(appA, "orders/paid", late);
    await settled("7004", ["fulfilled"]);
    const lateCancelled = { ...late, cancelled_at: new Date().toISOString() };
    harness.fake.updateOrder(SHOP, lateCancelled);
    await deliver(appB, "orders/cancelled", lateCancelled);
    // Ordered, not collected yet: the package is cancelled at the service (its charge refunded).
    const cancelled = await settled("7004", ["cancelled", "cancelled_after_order"]);
    expect(cancelled.status).toBe("cancelled");
    const service = await harness.serviceClient();
    expect((await service.packages.get(cancelled.packageId as number)).state).toBe("canceled");
    // A second delivery of the cancellation sends the same command, which ran once.
    await deliver(appA, "orders/cancelled", lateCancelled);
    await new Promise((resolve) => setTimeout(resolve, harness.pollSeconds * 3000));
    const command = await service.cancelCommands.get(
      cancelCommandId(SHOP, "7004", harness.fulfillmentOrderIds(SHOP, "7004")[0]),
    );
    expect(command.status).toBe("successful");
    expect(command.successfully_canceled_packages).toEqual([
      expect.objectContaining({ package_id: cancelled.packageId }),
    ]);
    expect((await loadShipment(pool, SHOP, "7004"))?.status).toBe("cancelled");

    // Collected already: it cannot be cancelled, so it is flagged on the settings page.
    const gone = newOrder(7005);
    await deliver(appA, "orders/paid", gone);
    await settled("7005", ["fulfilled"]);
    await harness.sandbox.control("/clock/advance", { seconds: 3 * 3600 });
    const goneCancelled = { ...gone, cancelled_at: new Date().toISOString() };
    harness.fake.updateOrder(SHOP, goneCancelled);
    await deliver(appB, "orders/cancelled", goneCancelled);
    const flagged = await settled("7005", ["cancelled_after_order", "cancelled"]);
    expect(flagged.status).toBe("cancelled_after_order");
    expect((await service.packages.get(flagged.packageId as number)).state).not.toBe("canceled");
    const page = await appA(
      new Request(`${APP_URL}/settings?shop=${SHOP}`, { headers: { cookie } }),
    );
    const text = await page.text();
    expect(text).toContain('id="flagged-7005"');
    expect(text).toContain("zostało anulowane w Shopify, gdy paczka była już odebrana");
  });

  it("acts on what a signed body proves, not on the unsigned topic it is replayed under", async () => {
    // A plain order replayed as orders/cancelled cancels nothing; it still ships when paid.
    const plain = newOrder(7020);
    expect((await deliver(appA, "orders/cancelled", plain)).status).toBe(200);
    await harness.waitForInbox(SHOP, "7020");
    expect(await loadShipment(pool, SHOP, "7020")).toBeUndefined();
    await deliver(appA, "orders/paid", plain);
    const shipped = await settled("7020", ["fulfilled"]);

    // Its paid body replayed as orders/cancelled (a new webhook id) leaves the shipment alone.
    await deliver(appB, "orders/cancelled", plain);
    await harness.waitForInbox(SHOP, "7020");
    expect((await loadShipment(pool, SHOP, "7020"))?.status).toBe("fulfilled");
    const service = await harness.serviceClient();
    expect((await service.packages.get(shipped.packageId as number)).state).not.toBe("canceled");

    // An unpaid order replayed as orders/paid ships nothing; nor does a cancelled one.
    const unpaid = newOrder(7021, { financial_status: "pending" });
    await deliver(appA, "orders/create", unpaid);
    await deliver(appA, "orders/paid", unpaid);
    const cancelled = newOrder(7022, { cancelled_at: "2026-11-20T10:00:00Z" });
    await deliver(appB, "orders/paid", cancelled);
    await harness.waitForInbox(SHOP, "7021");
    await harness.waitForInbox(SHOP, "7022");
    expect(await loadShipment(pool, SHOP, "7021")).toBeUndefined();
    // Shopify holds 7022 cancelled: it is marked so, never shipped.
    expect((await loadShipment(pool, SHOP, "7022"))?.status).toBe("cancelled");
    for (const id of ["7021", "7022"]) {
      expect((await harness.ledger(SHOP, id)).packageIds).toEqual([]);
    }
    // The real payment ships the order that was unpaid.
    const paid = { ...unpaid, financial_status: "paid" };
    harness.fake.updateOrder(SHOP, paid);
    await deliver(appA, "orders/paid", paid);
    expect((await settled("7021", ["fulfilled", "needs_attention"])).status).toBe("fulfilled");
  });

  it("cancels the package of an order cancelled while it was being shipped", async () => {
    const order = newOrder(7010);
    // The order command waits at the service: the cancellation arrives between package and order.
    await harness.sandbox.control("/faults", {
      latency_ms: 5000,
      path: "/order-commands",
      method: "PUT",
      count: 1,
    });
    try {
      await deliver(appA, "orders/paid", order);
      for (let attempt = 0; attempt < 100; attempt++) {
        if ((await harness.ledger(SHOP, "7010")).packageIds.length > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await loadShipment(pool, SHOP, "7010"))?.packageId).toBeUndefined();
      const cancelled = { ...order, cancelled_at: new Date().toISOString() };
      harness.fake.updateOrder(SHOP, cancelled);
      await deliver(appB, "orders/cancelled", cancelled);
      expect((await settled("7010", ["cancelled"])).packageId).toBeUndefined();
    } finally {
      await harness.sandbox.control("/faults", undefined, "DELETE");
    }
    // Once the order command answers, the package just ordered is cancelled (its charge refunded).
    const service = await harness.serviceClient();
    let row = await loadShipment(pool, SHOP, "7010");
    let state: string | null | undefined;
    for (let attempt = 0; attempt < 200 && state !== "canceled"; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      row = await loadShipment(pool, SHOP, "7010");
      if (row?.packageId !== undefined) state = (await service.packages.get(row.packageId)).state;
    }
    expect(state).toBe("canceled");
    expect(row?.status).toBe("cancelled");
    const command = await service.cancelCommands.get(
      cancelCommandId(SHOP, "7010", harness.fulfillmentOrderIds(SHOP, "7010")[0]),
    );
    expect(command.successfully_canceled_packages).toEqual([
      expect.objectContaining({ package_id: row?.packageId }),
    ]);
    expect(harness.fake.order(SHOP, "gid://shopify/Order/7010")?.fulfillments ?? []).toHaveLength(
      0,
    );
  });

  it("answers the compliance topics from what it keeps", async () => {
    await settled("7001", ["fulfilled"]);
    const requestId = 555;
    await deliver(appA, "customers/data_request", {
      shop_id: 1,
      shop_domain: SHOP,
      orders_requested: [7001],
      customer: { id: 1, email: "anna@example.com", phone: null },
      data_request: { id: requestId },
    });
    let report: { shipments: { order_id: string; package_id: string }[] } | undefined;
    for (let attempt = 0; attempt < 100 && !report; attempt++) {
      const { rows } = await pool.query(
        "SELECT report FROM shipbridge_shopify_data_requests WHERE shop = $1 AND request_id = $2",
        [SHOP, String(requestId)],
      );
      report = rows[0]?.report;
      if (!report) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(report?.shipments.map((shipment) => shipment.order_id)).toEqual(["7001"]);

    await deliver(appA, "customers/redact", {
      shop_id: 1,
      shop_domain: SHOP,
      customer: { id: 1 },
      orders_to_redact: [7001],
    });
    for (let attempt = 0; attempt < 100; attempt++) {
      if (
        (await count(
          "shipbridge_shopify_inbox WHERE shop = $1 AND topic LIKE 'orders/%' AND payload->>'id' = '7001'",
          [SHOP],
        )) === 0
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(
      await count(
        "shipbridge_shopify_inbox WHERE shop = $1 AND topic LIKE 'orders/%' AND payload->>'id' = '7001'",
        [SHOP],
      ),
    ).toBe(0);
    expect(
      await count("shipbridge_shopify_inbox WHERE shop = $1 AND payload->>'redacted' = 'true'", [
        SHOP,
      ]),
    ).toBe(6);
    expect(
      await count(
        "shipbridge_shopify_shipments WHERE shop = $1 AND order_id = '7001' AND label IS NOT NULL",
        [SHOP],
      ),
    ).toBe(0);
    // The report made for the customer's data request held their e-mail: it goes too.
    expect(await count("shipbridge_shopify_data_requests WHERE shop = $1", [SHOP])).toBe(0);
  });

  it("redacts a customer's order that needs attention: its problems in both languages", async () => {
    const order = newOrder(7040, {
      shipping_address: { ...SAMPLE_ADDRESS, address1: "" },
    });
    expect((await deliver(appA, "orders/paid", order)).status).toBe(200);
    await settled("7040", ["needs_attention"]);
    const problems = () =>
      count(
        `shipbridge_shopify_shipments WHERE shop = $1 AND order_id = '7040'
         AND (issues IS NOT NULL OR issues_by_language IS NOT NULL)`,
        [SHOP],
      );
    expect(await problems()).toBe(1);
    await deliver(appB, "customers/redact", {
      shop_id: 1,
      shop_domain: SHOP,
      customer: { id: 2 },
      orders_to_redact: [7040],
    });
    await eventually(
      async () =>
        (await count(
          "shipbridge_shopify_inbox WHERE shop = $1 AND topic = 'customers/redact' AND processed_at IS NULL",
          [SHOP],
        )) === 0,
      "the redaction",
    );
    expect(await problems()).toBe(0);
    const listed = (await appA.merchant(SHOP).orders({ language: "en" })).find(
      (o) => o.orderId === "7040",
    );
    expect(listed?.problems).toEqual([]);
  });

  it("forgets the shop's sessions, tokens and pending jobs on app/uninstalled, and everything on shop/redact", async () => {
    // Jobs waiting in the queue (as a retry waits for its backoff): two of this shop, one of another.
    const boss = new PgBoss({ connectionString: harness.databaseUrl, max: 1 });
    boss.on("error", () => {});
    await boss.start();
    const later = { startAfter: 3600 };
    const mine = await Promise.all(
      [randomUUID(), randomUUID()].map((webhookId) =>
        boss.send(WEBHOOK_QUEUE, { webhookId, shop: SHOP }, later),
      ),
    );
    const other = await boss.send(
      WEBHOOK_QUEUE,
      { webhookId: randomUUID(), shop: "other-shop.myshopify.com" },
      later,
    );
    // A batch of the shop's waiting for its job, and a row of it.
    const batchId = randomUUID();
    await pool.query(
      "INSERT INTO shipbridge_shopify_batches (id, shop, total) VALUES ($1, $2, 0)",
      [batchId, SHOP],
    );
    const batchJob = await boss.send(BATCH_QUEUE, { batchId, shop: SHOP }, later);
    expect(batchJob).not.toBeNull();
    const queued = async (shop: string) =>
      (await boss.findJobs(WEBHOOK_QUEUE, { data: { shop }, queued: true })).map((job) => job.id);
    const batchesQueued = async () =>
      (await boss.findJobs(BATCH_QUEUE, { data: { shop: SHOP }, queued: true })).length;
    expect((await queued(SHOP)).sort()).toEqual([...mine].sort());
    expect(await batchesQueued()).toBe(1);

    await deliver(appB, "app/uninstalled", { id: 1, domain: SHOP, myshopify_domain: SHOP });
    await eventually(
      async () => (await count("shopify_sessions WHERE shop = $1", [SHOP])) === 0,
      "the sessions to go",
    );
    expect(await count("shopify_sessions WHERE shop = $1", [SHOP])).toBe(0);
    const { rows } = await pool.query(
      "SELECT connection FROM shipbridge_shopify_settings WHERE shop = $1",
      [SHOP],
    );
    expect(rows[0]?.connection).toBe("not_connected");
    await eventually(async () => (await queued(SHOP)).length === 0, "the jobs to go");
    expect(await queued(SHOP)).toEqual([]);
    expect(await queued("other-shop.myshopify.com")).toEqual([other]);
    expect(await batchesQueued()).toBe(0);
    await boss.deleteJob(WEBHOOK_QUEUE, other as string);
    await boss.stop({ graceful: false, timeout: 1000 });

    await deliver(appA, "shop/redact", { shop_id: 1, shop_domain: SHOP });
    await eventually(
      async () => (await count("shipbridge_shopify_shipments WHERE shop = $1", [SHOP])) === 0,
      "the shop's shipments to go",
    );
    expect(await count("shipbridge_shopify_shipments WHERE shop = $1", [SHOP])).toBe(0);
    expect(await count("shipbridge_shopify_settings WHERE shop = $1", [SHOP])).toBe(0);
    expect(await count("shipbridge_shopify_data_requests WHERE shop = $1", [SHOP])).toBe(0);
    // The batches go last (their orders with them).
    await eventually(
      async () => (await count("shipbridge_shopify_batches WHERE shop = $1", [SHOP])) === 0,
      "the shop's batches to go",
    );
  });
});

describe("when to ship", () => {
  const PLACED = "ship-on-create.myshopify.com";
  const MANUAL = "ship-by-hand.myshopify.com";

  const deliverTo = (shop: string, topic: string, payload: ShopifyOrder) =>
    harness.deliver(appA, shop, topic, payload);

  const processed = harness.waitForInbox;

  it("ships on orders/create when the merchant chose it, and not again on orders/paid", async () => {
    await harness.ready(appA, PLACED, { shipOn: "orders/create" });
    const order = harness.order(PLACED, 7101);
    expect((await deliverTo(PLACED, "orders/create", order)).status).toBe(200);
    await processed(PLACED, "7101");
    expect((await loadShipment(pool, PLACED, "7101"))?.status).toBe("fulfilled");
    expect((await deliverTo(PLACED, "orders/paid", order)).status).toBe(200);
    await processed(PLACED, "7101");
    expect((await harness.ledger(PLACED, "7101")).packageIds).toHaveLength(1);
    expect(harness.fake.order(PLACED, "gid://shopify/Order/7101")?.fulfillments).toHaveLength(1);
  });

  it("lists a cash-on-delivery order, never paid before delivery, as waiting to ship", async () => {
    // Shipping on orders/paid (the default): a COD order is paid only when the parcel
    // is delivered, so orders/paid never comes before shipping. It must not be lost.
    const COD = "cod-shop.myshopify.com";
    const cookie = await harness.ready(appA, COD, { shipOn: "orders/paid" });
    const order = harness.order(COD, 7103, {
      payment_gateway_names: ["Cash on Delivery (COD)"],
      financial_status: "pending",
      total_outstanding: "193.69",
    });
    expect((await deliverTo(COD, "orders/create", order)).status).toBe(200);
    await processed(COD, "7103");
    expect((await loadShipment(pool, COD, "7103"))?.status).toBe("waiting");
    // Nothing was shipped by itself; the settings page offers it with its Ship button.
    expect((await harness.ledger(COD, "7103")).packageIds).toEqual([]);
    const page = await (
      await appA(new Request(`${APP_URL}/settings?shop=${COD}`, { headers: { cookie } }))
    ).text();
    expect(page).toMatch(/id="waiting-7103".*name="order_id" value="7103"/s);
  });

  it("ships by hand: lists the waiting order, and its ship button ships it once", async () => {
    const cookie = await harness.ready(appA, MANUAL, { shipOn: "manual" });
    const order = harness.order(MANUAL, 7102);
    for (const topic of ["orders/create", "orders/paid"]) {
      expect((await deliverTo(MANUAL, topic, order)).status).toBe(200);
    }
    await processed(MANUAL, "7102");
    expect((await loadShipment(pool, MANUAL, "7102"))?.status).toBe("waiting");
    expect((await harness.ledger(MANUAL, "7102")).packageIds).toEqual([]);

    // The settings page lists it with a plain form button (no JavaScript needed).
    const page = await (
      await appA(new Request(`${APP_URL}/settings?shop=${MANUAL}`, { headers: { cookie } }))
    ).text();
    expect(page).toMatch(
      /id="waiting-7102".*<form method="post" action="\/settings\/ship[^"]*">.*name="order_id" value="7102".*>Wyślij<\/button>/s,
    );
    // Pressed twice, on two instances: one job, one package, one fulfilment.
    const press = (app: ShopifyApp) =>
      app(
        new Request(`${APP_URL}/settings/ship?shop=${MANUAL}`, {
          method: "POST",
          headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
          body: "order_id=7102",
        }),
      );
    const answers = await Promise.all([press(appA), press(appB)]);
    expect(answers.map((answer) => answer.status)).toEqual([303, 303]);
    await harness.settled(MANUAL, "7102", ["fulfilled"]);
    expect((await loadShipment(pool, MANUAL, "7102"))?.status).toBe("fulfilled");
    expect((await press(appA)).status).toBe(303);
    await new Promise((resolve) => setTimeout(resolve, harness.pollSeconds * 3000));
    const ledger = await harness.ledger(MANUAL, "7102");
    expect(ledger.packageIds).toHaveLength(1);
    expect(ledger.charges).toBe(1);
    expect(harness.fake.order(MANUAL, "gid://shopify/Order/7102")?.fulfillments).toHaveLength(1);
    // An order the app never received is refused.
    const unknown = await appA(
      new Request(`${APP_URL}/settings/ship?shop=${MANUAL}`, {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        body: "order_id=404404",
      }),
    );
    expect(unknown.status).toBe(404);
  });
});
