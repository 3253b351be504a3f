// shipBatch's own options are checked with shipOrder's before anything is
// sent: every problem at once, at its option path, in the caller's language.
// The client points at an address nothing listens on: no request is made.
import { describe, expect, it } from "vitest";
import { ShippingClient, staticToken } from "../api/index.ts";
import { SENDER, sampleOrder } from "../fixtures/index.ts";
import type { ShipOrderOptions } from "../mapping/ship-order.ts";
import { isValidationError } from "../validation/index.ts";
import { shipBatch } from "./ship-batch.ts";
import type { ShipBatchOptions } from "./ship-batch-types.ts";

const client = new ShippingClient({ baseUrl: "http://127.0.0.1:9", auth: staticToken("t") });

async function refusal(options: unknown, orders: unknown = [sampleOrder()]) {
  const error = await shipBatch(client, orders as never, options as ShipBatchOptions).catch(
    (e: unknown) => e,
  );
  expect(isValidationError(error)).toBe(true);
  return error as { issues: { path: string; rule: string; message: string }[] };
}

describe("shipBatch's options", () => {
  it("names every wrong option at once", async () => {
    const error = await refusal(
      {
        storeId: "shop:1",
        batchId: "day:1",
        sender: SENDER,
        concurrency: 0,
        chunkSize: 101,
        onProgress: "log",
      },
      "not a list",
    );
    expect(error.issues.map((issue) => `${issue.path} ${issue.rule}`)).toEqual([
      "options.storeId reserved_character",
      "options.batchId reserved_character",
      "options.concurrency too_small",
      "options.chunkSize too_big",
      "options.onProgress invalid_type",
      "orders invalid_type",
    ]);
    expect(error.issues.find((i) => i.path === "options.chunkSize")?.message).toBe(
      "Must be at most 100.",
    );
  });

  it("requires a batch id and whole numbers, in Polish when asked", async () => {
    const error = await refusal({
      storeId: "shop",
      sender: SENDER,
      language: "pl_PL",
      concurrency: 2.5,
    });
    expect(error.issues.map((issue) => [issue.path, issue.rule, issue.message])).toEqual([
      ["options.batchId", "required", "To pole jest wymagane."],
      ["options.concurrency", "invalid_type", "Oczekiwano wartości typu: liczba całkowita."],
    ]);
  });

  it("refuses shipOrder's userReferenceNumber and label, also when spread from shipOrder's options", async () => {
    // A store's per-order options reused for the batch: every order's package
    // is named storeId:orderId by the batch, never by one reference for all.
    const perOrder: ShipOrderOptions = {
      storeId: "shop",
      sender: SENDER,
      userReferenceNumber: "ORDER-REF",
      label: { file_format: "zpl" },
    };
    // @ts-expect-error the batch's options have no userReferenceNumber nor label
    const spread: ShipBatchOptions = { ...perOrder, batchId: "day-1" };
    const error = await refusal(spread);
    expect(error.issues.map((issue) => [issue.path, issue.rule, issue.message])).toEqual([
      [
        "options.userReferenceNumber",
        "not_a_batch_option",
        "shipBatch names each order's package itself (storeId:orderId), so that a rerun and shipOrder find it: remove this option.",
      ],
      [
        "options.label",
        "not_a_batch_option",
        "shipBatch fetches no labels (a store fetches them when it prints, one by one or in one file): remove this option.",
      ],
    ]);
    const polish = await refusal({ ...spread, language: "pl_PL" });
    expect(polish.issues.map((issue) => issue.message)).toEqual([
      "shipBatch sam nadaje referencję przesyłce każdego zamówienia (storeId:orderId), aby ponowne uruchomienie i shipOrder ją znalazły: usuń tę opcję.",
      "shipBatch nie pobiera etykiet (sklep pobiera je przy drukowaniu, pojedynczo lub w jednym pliku): usuń tę opcję.",
    ]);
  });
});
