// Shipments keyed on the order become keyed on the fulfillment order in
// place: an existing row keeps its data with '' for its fulfillment order,
// instances migrating at the same moment take turns, and a row begun before
// (a whole order) still ships as it began: one package under the order's
// own reference, one fulfilment of everything the order ships.
import { shipOrderReference } from "@shipbridge/core";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import { useHarness } from "../test-support/harness.ts";
import { migrate, underMigrationLock } from "./migrate.ts";
import { loadOrderShipments } from "./shipments.ts";

const harness = useHarness();
const SHOP = "legacy-shop.myshopify.com";
const SCHEMA = "shipbridge_before_fulfillment_orders";
let app: ShopifyApp;
const pools: pg.Pool[] = [];

beforeAll(async () => {
  app = await harness.app();
  await harness.ready(app, SHOP, { shipOn: "manual" });
}, 60_000);
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
});

function schemaPool(): pg.Pool {
  const pool = new pg.Pool({
    connectionString: harness.databaseUrl,
    options: `-c search_path=${SCHEMA}`,
    max: 2,
  });
  pools.push(pool);
  return pool;
}

describe("the migration to shipments per fulfillment order", () => {
  it("keeps an existing row, with '' for its fulfillment order, under two instances at once", async () => {
    const setup = schemaPool();
    await setup.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
    await setup.query(`CREATE SCHEMA ${SCHEMA}`);
    // The table as it was: keyed on the order.
    await setup.query(`CREATE TABLE ${SCHEMA}.shipbridge_shopify_shipments (
      shop text NOT NULL, order_id text NOT NULL, order_gid text NOT NULL,
      order_name text NOT NULL, status text NOT NULL, package_id bigint, command_id text,
      tracking jsonb, issues jsonb, label bytea, label_type text, fulfillment_id text,
      updated_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (shop, order_id))`);
    await setup.query(
      `INSERT INTO ${SCHEMA}.shipbridge_shopify_shipments
         (shop, order_id, order_gid, order_name, status, package_id)
       VALUES ('a.myshopify.com', '1', 'gid://shopify/Order/1', '#1', 'shipped', 42)`,
    );
    const [first, second] = [schemaPool(), schemaPool()];
    await Promise.all([
      underMigrationLock(first, () => migrate(first)),
      underMigrationLock(second, () => migrate(second)),
    ]);
    const { rows } = await setup.query(
      "SELECT order_id, fulfillment_order_id, status, package_id FROM shipbridge_shopify_shipments",
    );
    expect(rows).toEqual([
      { order_id: "1", fulfillment_order_id: "", status: "shipped", package_id: "42" },
    ]);
    // The key is the order and the fulfillment order now.
    const insert = (fulfillmentOrderId: string) =>
      setup.query(
        `INSERT INTO shipbridge_shopify_shipments
           (shop, order_id, fulfillment_order_id, order_gid, order_name, status)
         VALUES ('a.myshopify.com', '1', $1, 'gid://shopify/Order/1', '#1', 'waiting')`,
        [fulfillmentOrderId],
      );
    await insert("77");
    await expect(insert("77")).rejects.toThrow(/duplicate key/);
    // Migrating again changes nothing.
    await underMigrationLock(first, () => migrate(first));
    expect(
      (await setup.query("SELECT count(*)::int AS n FROM shipbridge_shopify_shipments")).rows,
    ).toEqual([{ n: 2 }]);
    await setup.query(`DROP SCHEMA ${SCHEMA} CASCADE`);
  });

  it("a whole-order row begun before ships as it began: one package, the order's reference", async () => {
    const order = harness.order(
      SHOP,
      9901,
      {},
      {
        fulfillmentOrders: [{ lineItemIds: [1, 2] }],
      },
    );
    await harness.deliverPaid(app, SHOP, order);
    await harness.settled(SHOP, "9901", ["waiting"]);
    // As an earlier version left it: one row for the whole order.
    await harness.pool.query(
      "UPDATE shipbridge_shopify_shipments SET fulfillment_order_id = '' WHERE shop = $1 AND order_id = $2",
      [SHOP, "9901"],
    );
    await app.merchant(SHOP).ship("9901");
    const row = await harness.settled(SHOP, "9901", ["fulfilled", "needs_attention"], 300);
    expect(row.status).toBe("fulfilled");
    expect(
      (await loadOrderShipments(harness.pool, SHOP, "9901")).map((r) => r.fulfillmentOrderId),
    ).toEqual([""]);
    const client = await harness.serviceClient();
    const reference = shipOrderReference(SHOP, "9901");
    const { packages } = await client.packages.list({ user_reference_number: reference });
    expect(packages.map((pkg) => pkg.package_id)).toEqual([row.packageId]);
    expect(await harness.ledger(SHOP, "9901")).toEqual({
      packageIds: [row.packageId],
      charges: 1,
    });
    const fake = harness.fake.order(SHOP, "gid://shopify/Order/9901");
    expect(fake?.fulfillments).toHaveLength(1);
    expect(fake?.fulfillments[0]?.lineItems.map((line) => line.quantity)).toEqual([3, 1]);
  });
});
