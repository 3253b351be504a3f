// Tests of the languages of messages, named as the X-Language header names them.
import { describe, expect, it } from "vitest";
import { DEFAULT_LANGUAGE, isLanguage } from "./language.ts";

describe("language", () => {
  it("accepts exactly the values of the X-Language header", () => {
    expect(isLanguage("pl_PL")).toBe(true);
    expect(isLanguage("en_GB")).toBe(true);
    expect(isLanguage("pl")).toBe(false);
    expect(isLanguage("en_US")).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });

  it("defaults to English", () => {
    expect(DEFAULT_LANGUAGE).toBe("en_GB");
  });
});
