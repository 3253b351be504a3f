// Which fulfillments and returns Medusa keeps, asked of tables shaped like
// Medusa's own (its fulfillment, link and return tables) on a real
// PostgreSQL (test/setup.mts), and what the attempt ledger's reconcile makes
// of it.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AttemptLedger } from "./attempt-ledger.ts";
import { findReturn, keptFulfillments, type RawExecute } from "./medusa-fulfillments.ts";

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
    `create table "return" (id text primary key, order_id text, status text,
       created_at timestamptz, deleted_at timestamptz)`,
    `create table return_item (return_id text, item_id text, quantity integer, deleted_at timestamptz)`,
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

describe("findReturn", () => {
  it("skips received returns, compares quantities, and takes the newest without a parcel", async () => {
    const at = (minute: number) => `2026-01-01T10:0${minute}:00Z`;
    // R1: line X, dropped off by the customer without a label, received.
    // R2: line X, shipped under its own return label (kept).
    // R3: line X, being confirmed now. R4: two of line X, newer.
    await db.query(
      `insert into "return" (id, order_id, status, created_at) values
         ('ret_1', 'order_r', 'received', $1), ('ret_2', 'order_r', 'requested', $2),
         ('ret_3', 'order_r', 'requested', $3), ('ret_4', 'order_r', 'requested', $4)`,
      [at(1), at(2), at(3), at(4)],
    );
    await db.query(
      `insert into return_item (return_id, item_id, quantity) values
         ('ret_1', 'li_x', 1), ('ret_2', 'li_x', 1), ('ret_3', 'li_x', 1), ('ret_4', 'li_x', 2)`,
    );
    await db.query(`insert into fulfillment (id) values ('ful_ret_2')`);
    await db.query(`insert into return_fulfillment values ('ret_2', 'ful_ret_2', null)`);
    const find = findReturn(() => manager);
    expect(await find({ li_x: 1 })).toEqual({ id: "ret_3", order_id: "order_r" });
    expect(await find({ li_x: 2 })).toEqual({ id: "ret_4", order_id: "order_r" });
    // R3 got its parcel: a second confirmation of it finds the newest kept one.
    await db.query(`update "return" set status = 'received' where id = 'ret_4'`);
    await db.query(`insert into fulfillment (id) values ('ful_ret_3')`);
    await db.query(`insert into return_fulfillment values ('ret_3', 'ful_ret_3', null)`);
    expect(await find({ li_x: 1 })).toEqual({ id: "ret_3", order_id: "order_r" });
  });
});
