// The demo's pages and messages pick their language as the service's pages
// do: ?lang= first, then Accept-Language weighed by its q-values, then
// English; a tag counts by its exact primary subtag.
import { describe, expect, it } from "vitest";
import { pickLanguage } from "./language.ts";

describe("pickLanguage", () => {
  it("lets ?lang= win over the browser", () => {
    expect(pickLanguage("pl", "en-GB")).toBe("pl");
    expect(pickLanguage("en", "pl-PL")).toBe("en");
  });

  it("weighs Accept-Language by its q-values, not by its order", () => {
    expect(pickLanguage(undefined, "en;q=0.1, pl;q=0.9")).toBe("pl");
    expect(pickLanguage(undefined, "en;q=0, pl;q=0.2")).toBe("pl");
  });

  it("does not take a tag that only starts with pl for Polish", () => {
    expect(pickLanguage(undefined, "plk, en;q=0.5")).toBe("en");
    expect(pickLanguage(undefined, "plk")).toBe("en");
  });
});
