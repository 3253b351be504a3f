// Tests of validateCalculatePrice: renamed carriers, quote rules and problems
// by path.
import { describe, expect, it } from "vitest";
import { CountryCatalog } from "../rules/countries.ts";
import { validateCalculatePrice } from "./validate-calculate-price.ts";

function quote(): Record<string, unknown> {
  return {
    package: {
      pickup: { postcode: "02-495", country_code: "PL" },
      receiver: { postcode: "30-001", country_code: "PL" },
      parcels: [{ width: 30, depth: 20, height: 10, weight: 2.5, type: "package" }],
    },
    services: { service: ["dpd", "inpost", "orlen"] },
  };
}

describe("validateCalculatePrice", () => {
  it("accepts a quote with postcodes only", () => {
    const result = validateCalculatePrice(quote(), { version: 2 });
    expect(result).toMatchObject({ ok: true, warnings: [] });
  });

  it("leaves a quote's partial addresses without the postcode and house-number rules", () => {
    // A quote names places, not doors; the shipment's validation checks them.
    const input = quote();
    const pkg = input["package"] as { receiver: Record<string, unknown> };
    pkg.receiver["postcode"] = "30001";
    pkg.receiver["street"] = "Marszałkowska";
    expect(validateCalculatePrice(input, { version: 2 }).ok).toBe(true);
  });

  it("sends ruch as orlen, with a warning naming the position", () => {
    const input = quote();
    input["services"] = { service: ["dpd", "ruch"] };
    const result = validateCalculatePrice(input, { version: 2 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.services.service).toEqual(["dpd", "orlen"]);
    expect(result.warnings.map(({ path, rule }) => ({ path, rule }))).toEqual([
      { path: "services.service[1]", rule: "value_renamed" },
    ]);
    expect((input["services"] as { service: string[] }).service).toEqual(["dpd", "ruch"]);
  });

  it("rounds centimetres up inside the package, with paths under package", () => {
    const input = quote();
    const pkg = input["package"] as { parcels: Record<string, unknown>[] };
    pkg.parcels[0] = { ...pkg.parcels[0], height: 9.1 };
    const result = validateCalculatePrice(input, { version: 2 });
    expect(result.ok && result.value.package.parcels[0]?.height).toBe(10);
    expect(result.warnings[0]?.path).toBe("package.parcels[0].height");
  });

  it("reports package problems under package", () => {
    const input = quote();
    const pkg = input["package"] as Record<string, unknown>;
    pkg["parcels"] = [{ width: 30, depth: 20, height: 10, weight: 0, type: "package" }];
    pkg["receiver"] = { postcode: "30-001", country_code: "PL", phone: "12" };
    const result = validateCalculatePrice(input, { version: 2 });
    expect(result.ok ? [] : result.error.issues.map(({ path, rule }) => ({ path, rule }))).toEqual([
      { path: "package.receiver.phone", rule: "phone_invalid" },
      { path: "package.parcels[0].weight", rule: "weight_invalid" },
    ]);
  });

  it("only warns about a receiver country outside the built-in list", () => {
    const input = quote();
    (input["package"] as Record<string, unknown>)["receiver"] = {
      postcode: "SW1A 1AA",
      country_code: "GB",
    };
    const result = validateCalculatePrice(input, { version: 2 });
    expect(result.ok).toBe(true);
    expect(result.warnings.map(({ path, rule }) => ({ path, rule }))).toEqual([
      { path: "package.receiver.country_code", rule: "country_unverified" },
    ]);
  });

  it("refuses a receiver country outside the live list", () => {
    const input = quote();
    (input["package"] as Record<string, unknown>)["receiver"] = {
      postcode: "SW1A 1AA",
      country_code: "GB",
    };
    const countries = new CountryCatalog().replace(["PL", "DE"]);
    const result = validateCalculatePrice(input, { version: 2, countries });
    expect(result.ok ? [] : result.error.issues.map(({ path, rule }) => ({ path, rule }))).toEqual([
      { path: "package.receiver.country_code", rule: "country_not_supported" },
    ]);
  });

  it("does not ask a quote for the receiver's full name", () => {
    const input = quote();
    (input["package"] as Record<string, unknown>)["receiver"] = {
      name: "Anna",
      postcode: "30-001",
      country_code: "PL",
    };
    expect(validateCalculatePrice(input, { version: 2 }).ok).toBe(true);
  });

  it("takes the v1 form with type on the package", () => {
    const input = quote();
    const pkg = input["package"] as Record<string, unknown>;
    pkg["type"] = "package";
    pkg["parcels"] = [{ width: 30, depth: 20, height: 10, weight: 2.5 }];
    expect(validateCalculatePrice(input, { version: 1 }).ok).toBe(true);
    expect(validateCalculatePrice(input, { version: 2 }).ok).toBe(false);
  });

  it("refuses an empty carrier list and unknown keys", () => {
    const input = quote();
    input["services"] = { service: [] };
    input["currency"] = "PLN";
    const result = validateCalculatePrice(input, { version: 2 });
    expect(result.ok ? [] : result.error.issues.map(({ path, rule }) => ({ path, rule }))).toEqual([
      { path: "services.service", rule: "too_small" },
      { path: "currency", rule: "unknown_field" },
    ]);
  });

  it("reads a request without options as v2, instead of calling it unreadable", () => {
    expect(validateCalculatePrice(quote(), undefined as never).ok).toBe(true);
  });

  it("never throws", () => {
    expect(validateCalculatePrice(null, { version: 2 }).ok).toBe(false);
    expect(validateCalculatePrice({ package: 1, services: "x" }, { version: 2 }).ok).toBe(false);
  });
});
