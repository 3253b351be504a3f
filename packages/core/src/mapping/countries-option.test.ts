import { describe, expect, it } from "vitest";
import { isApiUsageError } from "../api/index.ts";
import { SENDER, sampleOrder } from "../fixtures/index.ts";
import { countryCatalogFromResponse } from "../rules/index.ts";
import { isValidationError, validatePackage } from "../validation/index.ts";
import { sampleV2Package } from "../validation/sample-packages.ts";
import { shipOrder } from "./ship-order.ts";
import { safeToPackage, type ToPackageOptions } from "./to-package.ts";

/** The issues of a failed mapping, as path and rule. */
function problems(options: Record<string, unknown>) {
  const result = safeToPackage(sampleOrder(), { sender: SENDER, ...options } as ToPackageOptions);
  if (result.success) throw new Error("expected the mapping to fail");
  return result.error.issues.map(({ path, rule }) => ({ path, rule }));
}

describe("the countries and clock options", () => {
  it("take the service's country list answer as it is, like a catalog made from it", () => {
    const answer = { list: ["DE", "CZ"] };
    expect(problems({ countries: answer })).toContainEqual({
      path: "order.shipping_address.country_code",
      rule: "country_not_supported",
    });
    expect(problems({ countries: countryCatalogFromResponse(answer) })).toContainEqual({
      path: "order.shipping_address.country_code",
      rule: "country_not_supported",
    });
    const served = safeToPackage(sampleOrder(), { sender: SENDER, countries: { list: ["PL"] } });
    expect(served.success).toBe(true);
  });

  it.each([["PL"], [["PL"]], [5], [null], [{ list: 5 }], [{ has: true }]])(
    "refuse countries %j at options.countries with invalid_type",
    (countries) => {
      expect(problems({ countries })).toEqual([
        { path: "options.countries", rule: "invalid_type" },
      ]);
      const result = validatePackage(sampleV2Package(), {
        version: 2,
        countries: countries as never,
      });
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(isValidationError(result.error)).toBe(true);
        expect(result.error.issues.map(({ path, rule }) => ({ path, rule }))).toEqual([
          { path: "options.countries", rule: "invalid_type" },
        ]);
      }
    },
  );

  it("refuses a clock that is not a function at options.clock, not the package", () => {
    const result = validatePackage(sampleV2Package(), { version: 2, clock: 5 as never });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.issues.map(({ path, rule }) => ({ path, rule }))).toEqual([
        { path: "options.clock", rule: "invalid_type" },
      ]);
      expect(result.error.issues[0]?.message).toMatch(/function/);
    }
    expect(problems({ clock: "now" })).toEqual([{ path: "options.clock", rule: "invalid_type" }]);
  });
});

describe("shipOrder's client argument", () => {
  it.each([[null], [undefined], [{}], ["client"]])(
    "%j is refused as ApiUsageError at client before anything else",
    async (client) => {
      const error = await shipOrder(client as never, sampleOrder(), {
        storeId: "shop",
        sender: SENDER,
      }).catch((caught: unknown) => caught);
      expect(isApiUsageError(error)).toBe(true);
      expect(error).toMatchObject({ option: "client", code: "invalid_api_options" });
      expect((error as Error).message).toMatch(/ShippingClient/);
    },
  );
});
