// How a page picks its language: ?lang first, then Accept-Language by q, then Polish.
import { describe, expect, it } from "vitest";
import { pageLanguage } from "./page-language.ts";

describe("pageLanguage", () => {
  it("is Polish when nothing says otherwise", () => {
    expect(pageLanguage(undefined, undefined)).toBe("pl_PL");
    expect(pageLanguage(undefined, "de-DE,fr;q=0.8")).toBe("pl_PL");
    expect(pageLanguage("xx", "")).toBe("pl_PL");
  });

  it("follows Accept-Language by its q-values, the first of equals winning", () => {
    expect(pageLanguage(undefined, "en-GB,en;q=0.9")).toBe("en_GB");
    expect(pageLanguage(undefined, "de-DE, en-US;q=0.8, pl;q=0.9")).toBe("pl_PL");
    expect(pageLanguage(undefined, "pl;q=0.5, en;q=0.5")).toBe("pl_PL");
    expect(pageLanguage(undefined, "en;q=0, pl;q=0.1")).toBe("pl_PL");
    expect(pageLanguage(undefined, "EN-us")).toBe("en_GB");
  });

  it("lets ?lang win over the browser", () => {
    expect(pageLanguage("en", "pl-PL")).toBe("en_GB");
    expect(pageLanguage("PL", "en-GB")).toBe("pl_PL");
    expect(pageLanguage("en_GB", undefined)).toBe("en_GB");
    expect(pageLanguage("klingon", "en")).toBe("en_GB");
  });

  it("takes the first Polish or English tag of a ui_locales list", () => {
    expect(pageLanguage("en-US pl-PL", "pl")).toBe("en_GB");
    expect(pageLanguage("de fr-CA pl", "en")).toBe("pl_PL");
    expect(pageLanguage("  de   en  ", undefined)).toBe("en_GB");
    expect(pageLanguage("de fr", "en-GB")).toBe("en_GB");
    expect(pageLanguage("", "en-GB")).toBe("en_GB");
  });
});
