// Option names: the merchant's own, else core's name in the plugin's
// language, and the return option's name after it.
import { describe, expect, it } from "vitest";
import { optionName, returnOptionName } from "./option-names.ts";

describe("optionName", () => {
  it("keeps the merchant's name at checkout", () => {
    expect(optionName({ service: "dpd", name: "Dostawa jutro" }, "en_GB")).toBe("Dostawa jutro");
  });

  it("names an unnamed option in the plugin's language, never by its code", () => {
    expect(optionName({ service: "dpd" }, "pl_PL")).toBe("Kurier DPD");
    expect(optionName({ service: "dpd" }, "en_GB")).toBe("DPD courier");
    expect(optionName({ service: "inpost", pickup_point: true }, "pl_PL")).toBe("Paczkomat InPost");
    expect(optionName({ service: "inpost", pickup_point: true }, "en_GB")).toBe("InPost locker");
  });

  it("names the return option after the option", () => {
    expect(returnOptionName("Kurier DPD", "pl_PL")).toBe("Kurier DPD (zwrot)");
    expect(returnOptionName("DPD courier", "en_GB")).toBe("DPD courier (return)");
  });
});
