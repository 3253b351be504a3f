// A Polish postcode of another town, against the sandbox: "30-001" has the
// right form, but it is Kraków's, not Gdańsk's (Gdańsk's start with 80).
// shipOrder asks the service's city list for the postcode's cities and
// refuses the order before creating anything, so nothing is paid for a
// parcel that goes to the wrong town; Gdańsk's own postcode, however typed,
// ships. A postcode the list gives no city for is not judged: the sandbox's
// list knows the ranges of its large cities only, so "12345" (12-345) is not
// refused by this check (see the core README).

import {
  type ShipOrderOptions,
  shipOrder,
  shipOrderReference,
  ValidationError,
} from "@shipbridge/core";
import { IBAN, SENDER, sampleOrder } from "@shipbridge/core/testing";
import { describe, expect, it } from "vitest";
import { orderLedger } from "../testing/order-ledger.ts";
import { countingFetch } from "../testing/sandbox-server.ts";
import { FAST_RETRY, useSandbox } from "../testing/shared-sandbox.ts";

const STORE = "shop-postcode-city";
const shipOptions: ShipOrderOptions = { storeId: STORE, sender: SENDER, cod: { iban: IBAN } };

const sandbox = useSandbox({ client: { retry: FAST_RETRY } });

function gdanskOrder(id: string, postcode: string) {
  const order = sampleOrder({ id });
  return { ...order, shipping_address: { ...order.shipping_address, postcode, city: "Gdańsk" } };
}

/** The order's package ids and their charges (order confirmations). */
async function ledger(orderId: string) {
  const { ids, charges } = await orderLedger(
    sandbox.timedClient(),
    shipOrderReference(STORE, orderId),
  );
  return { ids, charges };
}

describe("shipOrder and the postcode's city", () => {
  it.each(["30-001", "30001", "00-950"])(
    "refuses %j in Gdańsk with postcode_city_mismatch, creating and charging nothing",
    async (typed) => {
      const id = `mismatch-${typed}`;
      const { fetch, requests } = countingFetch();
      const error = await shipOrder(
        sandbox.timedClient(fetch),
        gdanskOrder(id, typed),
        shipOptions,
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      const issues = (error as ValidationError).issues;
      expect(issues.map(({ path, rule }) => ({ path, rule }))).toEqual([
        { path: "order.shipping_address.postcode", rule: "postcode_city_mismatch" },
      ]);
      expect(requests.some((r) => r.startsWith("POST /packages"))).toBe(false);
      expect(await ledger(id)).toEqual({ ids: [], charges: 0 });
      expect(issues[0]?.message).toMatch(
        /^The postcode \d\d-\d{3} belongs to (Kraków|Warszawa), not to Gdańsk; check the postcode and the city\.$/,
      );
    },
  );

  it("names the postcode's cities in Polish too", async () => {
    const error = await shipOrder(sandbox.timedClient(), gdanskOrder("mismatch-pl", "30-001"), {
      ...shipOptions,
      language: "pl_PL",
    }).catch((e: unknown) => e);
    expect((error as ValidationError).issues[0]?.message).toBe(
      "Kod pocztowy 30-001 należy do miejscowości Kraków, a nie Gdańsk; sprawdź kod i miejscowość.",
    );
  });

  it.each(["80831", "80-831", "80 831"])(
    "ships %j in Gdańsk (and in Gdansk) once",
    async (typed) => {
      const id = `match-${typed.replace(" ", "_")}`;
      const order = gdanskOrder(id, typed);
      const result = await shipOrder(sandbox.timedClient(), order, shipOptions);
      expect(result.trackingNumbers).toHaveLength(1);
      expect(await ledger(id)).toEqual({ ids: [result.packageId], charges: 1 });
      const plain = { ...order, id: `${id}-plain` };
      const ascii = { ...plain, shipping_address: { ...plain.shipping_address, city: "GDANSK" } };
      const second = await shipOrder(sandbox.timedClient(), ascii, shipOptions);
      expect(second.trackingNumbers).toHaveLength(1);
    },
  );

  it("asks the service once per client and postcode", async () => {
    const { fetch, requests } = countingFetch();
    const client = sandbox.timedClient(fetch);
    await shipOrder(client, gdanskOrder("cache-1", "80-831"), shipOptions);
    await shipOrder(client, gdanskOrder("cache-2", "80-831"), shipOptions);
    expect(requests.filter((r) => r.startsWith("GET /cities"))).toEqual([
      "GET /cities?country_code=PL&postcode=80-831&limit=100",
    ]);
  });
});
