// The Medusa checkout's rate names: the merchant's own name for an option is
// kept, in any language; the plugin's options left unnamed are named by core
// in the customer's language; another provider's option keeps its name.
import { describe, expect, it } from "vitest";
import { type Option, optionRateName } from "./checkout.ts";

const option = (name: string, data: Option["data"]): Option => ({ id: "so_1", name, data });

describe("the Medusa checkout's rate names", () => {
  it("names the plugin's unnamed options in the customer's language", () => {
    const dpd = option("dpd", { id: "dpd", service: "dpd" });
    expect(optionRateName(dpd, null, "pl")).toBe("Kurier DPD");
    expect(optionRateName(dpd, null, "en")).toBe("DPD courier");
    const lockers = option("inpost", { id: "inpost-point", service: "inpost", pickup_point: true });
    expect(optionRateName(lockers, { code: "GDA01M" }, "pl")).toBe("Paczkomat InPost GDA01M");
    expect(optionRateName(lockers, { code: "GDA01M", distance: 0.44 }, "en")).toBe(
      "InPost locker GDA01M (0.4 km)",
    );
  });

  it("names the options the plugin named by default in the customer's language", () => {
    const dpd = option("DPD courier", { id: "dpd", service: "dpd" });
    expect(optionRateName(dpd, null, "pl")).toBe("Kurier DPD");
    const lockers = option("Paczkomat InPost", {
      id: "inpost-point",
      service: "inpost",
      pickup_point: true,
    });
    expect(optionRateName(lockers, { code: "GDA01M" }, "en")).toBe("InPost locker GDA01M");
  });

  it("keeps the merchant's own checkout name, a point's code after it", () => {
    const named = option("Dostawa jutro – DPD", { id: "dpd", service: "dpd" });
    expect(optionRateName(named, null, "en")).toBe("Dostawa jutro – DPD");
    expect(optionRateName(named, null, "pl")).toBe("Dostawa jutro – DPD");
    const lockers = option("Paczkomat 24/7", {
      id: "inpost-point",
      service: "inpost",
      pickup_point: true,
    });
    expect(optionRateName(lockers, { code: "GDA01M" }, "en")).toBe("Paczkomat 24/7 GDA01M");
  });

  it("leaves another provider's options as the store names them", () => {
    const manual = option("Odbiór osobisty", { id: "manual-fulfillment" });
    expect(optionRateName(manual, null, "pl")).toBe("Odbiór osobisty");
    expect(optionRateName(option("Standard", null), null, "en")).toBe("Standard");
  });
});
