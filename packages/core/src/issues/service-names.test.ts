// The carriers' names: every carrier core knows has one, codes in any case.
import { describe, expect, it } from "vitest";
import { CARRIERS } from "../rules/service-flags.ts";
import { serviceName } from "./service-names.ts";

describe("serviceName", () => {
  it("names every carrier core knows, not by its code", () => {
    for (const carrier of CARRIERS) {
      expect(serviceName(carrier, "pl_PL")).not.toBe(carrier);
      expect(serviceName(carrier, "en")).toBe(serviceName(carrier, "pl"));
    }
  });

  it("reads the codes as the API writes them, and keeps an unknown one", () => {
    expect(serviceName("inpost")).toBe("InPost");
    expect(serviceName(" POCZTA ", "pl")).toBe("Poczta Polska");
    expect(serviceName("orlen", "en_GB")).toBe("ORLEN Paczka");
    expect(serviceName("paczkomat-x")).toBe("paczkomat-x");
  });
});
