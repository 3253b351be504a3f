// Which fulfillments and returns Medusa keeps, asked of tables shaped like
// Medusa's own (its fulfillment, link and return tables) on a real
// PostgreSQL (test/setup.mts), and what the attempt ledger's reconcile makes
// of it.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AttemptLedger } from "./attempt-ledger.ts";
import { keptFulfillments, type RawExecute } from "./medusa-fulfillments.ts";

const databaseUrl = process.env["SHIPBRIDGE_TEST_TOKENS_DATABASE_URL"] ?? "";
const db = new pg.Client({ connectionString: databaseUrl });

/** Medusa's `execute` (`?` placeholders) on the test database. */
const manager: RawExecute = {
  async execute(sql, params = []) {
    let n = 0;
    const { rows } = await db.query(
      sql.replace(/\?/g, () => `$${++n}`),
      params,
    );
    return rows;
  },
};

beforeAll(async () => {
  await db.connect();
  for (const statement of [
    `create table fulfillment (id text primary key, deleted_at timestamptz, canceled_at timestamptz)`,
    `create table order_fulfillment (order_id text, fulfillment_id text, deleted_at timestamptz)`,
    `create table return_fulfillment (return_id text, fulfillment_id text, deleted_at timestamptz)`,
  ]) {
    await db.query(statement);
  }
});

afterAll(async () => {
  await db.end();
});

describe("keptFulfillments", () => {
  it("keeps a linked fulfillment, and a standalone one by its row alone", async () => {
    await db.query(
      `insert into fulfillment (id, canceled_at) values ('ful_linked', null), ('ful_lost', null),
         ('ful_alone', null), ('ful_alone_cancelled', now())`,
    );
    await db.query(`insert into order_fulfillment values ('order_1', 'ful_linked', null)`);
    const kept = keptFulfillments(() => manager);
    const ids = ["ful_linked", "ful_lost", "ful_alone", "ful_alone_cancelled", "ful_gone"];
    expect(await kept(ids)).toEqual(new Set(["ful_linked"]));
    expect(await kept(ids, ["ful_alone", "ful_alone_cancelled", "ful_gone"])).toEqual(
      new Set(["ful_linked", "ful_alone"]),
    );
  });

  it("reconcile never cancels a standalone fulfilment's package while Medusa has it", async () => {
    const ledger = new AttemptLedger(databaseUrl, { kept: keptFulfillments(() => manager) });
    try {
      const store = "standalone";
      // The standalone workflow hands the provider no order: the attempt's
      // order is its fulfillment.
      const alone = await ledger.begin({
        storeId: store,
        orderId: "ful_standalone",
        signature: "shipment:li_1x1",
        fulfillmentId: "ful_standalone",
        fresh: "ful_standalone-1",
      });
      await ledger.shipped(alone, 501);
      await db.query(`insert into fulfillment (id) values ('ful_standalone')`);
      // An order's fulfillment whose process died before Medusa linked it.
      const lost = await ledger.begin({
        storeId: store,
        orderId: "order_lost",
        signature: "shipment:li_1x1",
        fulfillmentId: "ful_order_lost",
        fresh: "order_lost-1",
      });
      await ledger.shipped(lost, 502);
      await db.query(`insert into fulfillment (id) values ('ful_order_lost')`);
      const taken = await ledger.takeUnclaimed(store, 0, 0);
      expect(taken.map((attempt) => [attempt.shipment_key, attempt.state])).toEqual([
        ["order_lost-1", "reconciling"],
      ]);
      expect(await ledger.get(alone)).toMatchObject({ state: "shipped", package_id: 501 });
    } finally {
      await ledger.close();
    }
  });
});
