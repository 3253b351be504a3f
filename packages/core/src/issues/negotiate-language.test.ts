// The language negotiator: what the request names first, then
// Accept-Language weighed by its q-values, then the caller's fallback;
// tags matched by their exact primary subtag.
import { describe, expect, it } from "vitest";
import { negotiateLanguage } from "./negotiate-language.ts";

describe("negotiateLanguage", () => {
  it("takes the first Polish or English tag the request names, before Accept-Language", () => {
    expect(negotiateLanguage("pl", "en-GB,en", "en")).toBe("pl");
    expect(negotiateLanguage("de-DE pl-PL en", "en", "en")).toBe("pl");
    expect(negotiateLanguage("en_GB", "pl", "pl")).toBe("en");
    expect(negotiateLanguage("EN", undefined, "pl")).toBe("en");
  });

  it("weighs Accept-Language by its q-values, not by its order", () => {
    expect(negotiateLanguage(undefined, "en;q=0.1, pl;q=0.9", "en")).toBe("pl");
    expect(negotiateLanguage(undefined, "de-DE, en-GB;q=0.8, pl;q=0.7", "pl")).toBe("en");
    expect(negotiateLanguage(undefined, "pl;q=0.5, en;q=0.5", "en")).toBe("pl");
    expect(negotiateLanguage(undefined, "en-GB,en;q=0.9,pl;q=0.8", "pl")).toBe("en");
  });

  it("skips a language refused with q=0 and entries with a malformed q", () => {
    expect(negotiateLanguage(undefined, "en;q=0, pl;q=0.2", "en")).toBe("pl");
    expect(negotiateLanguage(undefined, "pl;q=2, en;q=0.3", "pl")).toBe("en");
    expect(negotiateLanguage(undefined, "pl;q=abc", "en")).toBe("en");
  });

  it("matches exact primary subtags only: plk and english are not Polish or English", () => {
    expect(negotiateLanguage("plk", "english, plk", "en")).toBe("en");
    expect(negotiateLanguage(undefined, "plk;q=1, en;q=0.1", "pl")).toBe("en");
  });

  it("falls back when nothing names Polish or English", () => {
    expect(negotiateLanguage(undefined, undefined, "pl")).toBe("pl");
    expect(negotiateLanguage("", "", "en")).toBe("en");
    expect(negotiateLanguage("de", "de-DE, fr;q=0.8, *", "pl")).toBe("pl");
  });
});
