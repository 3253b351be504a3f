// The tracking company of each carrier: every carrier core knows is named,
// as core names it, in Shopify's spelling where Shopify's list has one.
import { serviceName } from "@shipbridge/core";
import { CARRIERS } from "@shipbridge/core/rules";
import { describe, expect, it } from "vitest";
import { trackingCompany } from "./carriers.ts";

describe("trackingCompany", () => {
  it("names every carrier core knows, never by its code", () => {
    for (const carrier of CARRIERS) expect(trackingCompany(carrier)).not.toBe(carrier);
  });

  it("takes core's names, in Shopify's spelling where it has one", () => {
    expect(trackingCompany("inpost")).toBe(serviceName("inpost"));
    expect(trackingCompany("POCZTA")).toBe("Poczta Polska");
    expect(trackingCompany("dhl")).toBe("DHL Express");
  });
});
