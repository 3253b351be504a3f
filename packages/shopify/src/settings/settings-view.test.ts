// The settings' checks report every problem of the sender at once: a missing
// field and a postcode not of its country's form together, each path once.
import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../store/settings.ts";
import { applySettingsPatch, type ShopSettingsView } from "./settings-view.ts";

const SENDER = {
  name: "Jan Kowalski",
  street: "ul. Długa 5",
  postcode: "00-624",
  city: "Warszawa",
  country_code: "PL",
  phone: "+48500100200",
  email: "jan@example.com",
};

function sender(overrides: Record<string, string | undefined>): ShopSettingsView["sender"] {
  return { ...SENDER, ...overrides } as unknown as ShopSettingsView["sender"];
}

describe("the sender address in the settings", () => {
  it("reports a missing city and a postcode ABC together, each path once", () => {
    const result = applySettingsPatch(
      DEFAULT_SETTINGS,
      { sender: sender({ city: undefined, postcode: "ABC" }) },
      "en_GB",
    );
    expect(result.settings).toBeUndefined();
    const paths = result.issues.map((issue) => issue.path);
    expect(paths).toContain("sender.city");
    expect(paths).toContain("sender.postcode");
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("saves a whole, valid sender with its postcode normalised", () => {
    const result = applySettingsPatch(
      DEFAULT_SETTINGS,
      { sender: sender({ postcode: "00624" }) },
      "en_GB",
    );
    expect(result.issues).toEqual([]);
    expect(result.settings?.sender?.postcode).toBe("00-624");
  });
});

describe("the label format of a batch's file", () => {
  it("is PDF A4 until chosen, and takes A6 or ZPL", () => {
    expect(DEFAULT_SETTINGS.labelFormat).toBe("pdf_a4");
    for (const labelFormat of ["pdf_a6", "zpl"] as const) {
      const result = applySettingsPatch(DEFAULT_SETTINGS, { labelFormat }, "en_GB");
      expect(result.issues).toEqual([]);
      expect(result.settings?.labelFormat).toBe(labelFormat);
    }
  });

  it("refuses another format at its path, in the shop's language", () => {
    const patch = { labelFormat: "png" as "zpl" };
    const english = applySettingsPatch(DEFAULT_SETTINGS, patch, "en_GB");
    expect(english.settings).toBeUndefined();
    expect(english.issues).toEqual([
      { path: "labelFormat", rule: "one_of", message: "Choose one of: pdf_a6, pdf_a4, zpl." },
    ]);
    const polish = applySettingsPatch(DEFAULT_SETTINGS, patch, "pl_PL");
    expect(polish.issues[0]?.message).toBe("Wybierz jedno z: pdf_a6, pdf_a4, zpl.");
  });
});
