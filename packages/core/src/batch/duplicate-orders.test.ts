// An order listed twice in one batch (also once with spaces around its id,
// or once as a number) is refused before anything is sent, every repetition
// named at its path, in English and Polish: shipped twice in one result, it
// would be reported twice and overstate the batch's progress.
// The client points at an address nothing listens on: no request is made.
import { describe, expect, it } from "vitest";
import { ShippingClient, staticToken } from "../api/index.ts";
import { SENDER, sampleOrder } from "../fixtures/index.ts";
import { isValidationError } from "../validation/index.ts";
import { shipBatch } from "./ship-batch.ts";

const client = new ShippingClient({ baseUrl: "http://127.0.0.1:9", auth: staticToken("t") });

async function issues(orders: unknown[], language?: "pl_PL") {
  const error = await shipBatch(client, orders as never, {
    storeId: "shop",
    batchId: "day-1",
    sender: SENDER,
    ...(language === undefined ? {} : { language }),
  }).catch((e: unknown) => e);
  expect(isValidationError(error)).toBe(true);
  return (error as { issues: { path: string; rule: string; message: string }[] }).issues;
}

describe("shipBatch's orders", () => {
  it("refuses an order listed twice, naming every repetition, also with spaces or as a number", async () => {
    const found = await issues([
      sampleOrder({ id: "d-1" }),
      sampleOrder({ id: " d-1 " }),
      sampleOrder({ id: "d-2" }),
      sampleOrder({ id: 7 }),
      sampleOrder({ id: "7" }),
      sampleOrder({ id: "d-1" }),
    ]);
    expect(found.map((issue) => [issue.path, issue.rule, issue.message])).toEqual([
      [
        "orders[1].id",
        "order_listed_twice",
        'Order "d-1" is listed more than once (first at orders[0].id); list each order once.',
      ],
      [
        "orders[4].id",
        "order_listed_twice",
        'Order "7" is listed more than once (first at orders[3].id); list each order once.',
      ],
      [
        "orders[5].id",
        "order_listed_twice",
        'Order "d-1" is listed more than once (first at orders[0].id); list each order once.',
      ],
    ]);
  });

  it("says so in Polish when asked", async () => {
    const found = await issues([sampleOrder({ id: "d-1" }), sampleOrder({ id: "d-1" })], "pl_PL");
    expect(found.map((issue) => issue.message)).toEqual([
      "Zamówienie „d-1” występuje więcej niż raz (pierwszy raz w orders[0].id); podaj każde zamówienie raz.",
    ]);
  });
});
