// POST /packages/calculate-price over real HTTP: the first quote of a new
// package is pending, a repeat gives every carrier's price; v2 adds
// adjusted_price; unavailable carriers say why, with core's rule codes and
// messages; `access` is never sent.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RestSandbox } from "../testing/rest-fixture.ts";

let sandbox: RestSandbox;
beforeAll(async () => {
  sandbox = await RestSandbox.start();
});
afterAll(() => sandbox.close());

function request(weight: number, services = ["inpost", "dpd", "ups", "orlen"]) {
  return {
    package: {
      pickup: { postcode: "00-590", country_code: "PL" },
      receiver: { postcode: "31-019", country_code: "PL" },
      parcels: [{ width: 30, depth: 20, height: 10, weight, type: "package" }],
    },
    services: { service: services },
  };
}

describe("POST /packages/calculate-price", () => {
  it("answers pending for a new package, then the prices on a repeat", async () => {
    const first = await sandbox.call("POST", "/packages/calculate-price", {
      version: 2,
      body: request(3),
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      calculation_pending_in_background: true,
      services_prices: [],
    });
    const second = await sandbox.call("POST", "/packages/calculate-price", {
      version: 2,
      body: request(3),
    });
    expect(second.body.calculation_pending_in_background).toBe(false);
    expect(second.body.services_prices.map((p: { service: string }) => p.service)).toEqual([
      "inpost",
      "dpd",
      "ups",
      "orlen",
    ]);
    for (const price of second.body.services_prices) {
      expect(price).toMatchObject({
        available: true,
        errors: [],
        pricing: {
          price_net: expect.any(Number),
          price_gross: expect.any(Number),
          adjusted_price: null,
        },
        courier_details: { avg_delivery_time: expect.any(Number) },
      });
      expect(price).not.toHaveProperty("access");
      expect(price.pricing.price_gross).toBeGreaterThan(price.pricing.price_net);
    }
    expect(
      second.body.services_prices.filter((p: { lowest_price: boolean }) => p.lowest_price),
    ).toHaveLength(1);
    const third = await sandbox.call("POST", "/packages/calculate-price", {
      version: 2,
      body: request(3),
    });
    expect(third.body.services_prices).toEqual(second.body.services_prices);
  });

  it("treats a changed package as new, and prices heavier parcels higher", async () => {
    await sandbox.call("POST", "/packages/calculate-price", { version: 2, body: request(9) });
    const heavy = await sandbox.call("POST", "/packages/calculate-price", {
      version: 2,
      body: request(9),
    });
    await sandbox.call("POST", "/packages/calculate-price", { version: 2, body: request(1) });
    const light = await sandbox.call("POST", "/packages/calculate-price", {
      version: 2,
      body: request(1),
    });
    expect(heavy.body.services_prices[0].pricing.price_gross).toBeGreaterThan(
      light.body.services_prices[0].pricing.price_gross,
    );
  });

  it("quotes in v1 without adjusted_price, with the account's service ids", async () => {
    const body = {
      ...request(4, ["dpd"]),
      package: {
        ...request(4).package,
        type: "package",
        parcels: [{ width: 30, depth: 20, height: 10, weight: 4 }],
      },
    };
    await sandbox.call("POST", "/packages/calculate-price", { version: 1, body });
    const res = await sandbox.call("POST", "/packages/calculate-price", { version: 1, body });
    expect(res.status).toBe(200);
    expect(res.body.services_prices[0].pricing).not.toHaveProperty("adjusted_price");
    const services = await sandbox.call("GET", "/account/services");
    const dpd = services.body.services.find(
      (s: { service: string; service_contract: string }) =>
        s.service === "dpd" && s.service_contract === "furgonetka",
    );
    expect(res.body.services_prices[0].service_id).toBe(dpd.id);
  });

  it("quotes a carrier that cannot take the parcel as unavailable, with the reason", async () => {
    await sandbox.call("POST", "/packages/calculate-price", {
      version: 2,
      body: request(28, ["inpost", "ups"]),
    });
    const res = await sandbox.call("POST", "/packages/calculate-price", {
      version: 2,
      body: request(28, ["inpost", "ups"]),
    });
    const [inpost, ups] = res.body.services_prices;
    expect(inpost).toMatchObject({ available: false, pricing: null, lowest_price: false });
    expect(inpost.errors[0].message).toContain("25 kg");
    expect(ups).toMatchObject({ available: true, lowest_price: true });
  });

  it("gives each refusal core's rule, its index in services.service and core's message in X-Language", async () => {
    const body = {
      package: {
        ...request(1).package,
        parcels: [{ width: 130, depth: 20, height: 10, weight: 28, type: "package" }],
      },
      services: { service: ["inpost", "no-such-carrier"] },
    };
    const quoted = async (language: "en_GB" | "pl_PL") => {
      const options = { version: 2 as const, body, headers: { "x-language": language } };
      await sandbox.call("POST", "/packages/calculate-price", options);
      const res = await sandbox.call("POST", "/packages/calculate-price", options);
      expect(res.status).toBe(200);
      return res.body.services_prices;
    };
    const [inpost, unknown] = await quoted("en_GB");
    expect(inpost.errors).toEqual([
      {
        path: "package.parcels[0].weight",
        rule: "carrier_weight_limit",
        message: "InPost Kurier takes parcels up to 25 kg; this one weighs 28 kg.",
      },
      {
        path: "package.parcels[0]",
        rule: "carrier_length_limit",
        message:
          "InPost Kurier takes parcels whose longest side is at most 120 cm; this one has 130 cm.",
      },
    ]);
    expect(unknown.errors).toHaveLength(1);
    expect(unknown.errors[0]).toMatchObject({
      path: "services.service[1]",
      rule: "carrier_unknown",
    });
    expect(unknown.errors[0].message).toContain('"no-such-carrier"');
    const [inpostPl, unknownPl] = await quoted("pl_PL");
    expect(inpostPl.errors.map((e: { message: string }) => e.message)).toEqual([
      "InPost Kurier przyjmuje paczki do 25 kg, a ta waży 28 kg.",
      "InPost Kurier przyjmuje paczki o najdłuższym boku do 120 cm, a ta ma 130 cm.",
    ]);
    expect(unknownPl.errors[0].rule).toBe("carrier_unknown");
    expect(unknownPl.errors[0].message).toContain("„no-such-carrier”");
  });

  it("refuses an invalid request with field paths", async () => {
    const res = await sandbox.call("POST", "/packages/calculate-price", {
      version: 2,
      body: { package: request(1).package, services: { service: [] }, extra: 1 },
    });
    expect(res.status).toBe(400);
    const paths = res.body.errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(["services.service", "extra"]));
  });
});
