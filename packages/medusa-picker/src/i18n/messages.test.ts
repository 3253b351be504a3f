// The picker speaks both languages fully: the same keys, the same
// placeholders, no text left in English in the Polish table.
import { describe, expect, it } from "vitest";
import {
  acceptLanguage,
  isPickerLanguage,
  PICKER_LANGUAGES,
  PICKER_TEXT,
  say,
} from "./messages.ts";

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("the picker's texts", () => {
  it("has every key in every language, with the same placeholders", () => {
    const keys = Object.keys(PICKER_TEXT.en).sort();
    for (const language of PICKER_LANGUAGES) {
      expect(Object.keys(PICKER_TEXT[language]).sort()).toEqual(keys);
      for (const key of keys as (keyof typeof PICKER_TEXT.en)[]) {
        expect(PICKER_TEXT[language][key].trim()).not.toBe("");
        expect(placeholders(PICKER_TEXT[language][key])).toEqual(placeholders(PICKER_TEXT.en[key]));
      }
    }
  });

  it("translates every text (no Polish text equals its English one)", () => {
    for (const [key, english] of Object.entries(PICKER_TEXT.en)) {
      expect({ key, text: PICKER_TEXT.pl[key as keyof typeof PICKER_TEXT.en] }).not.toEqual({
        key,
        text: english,
      });
    }
  });

  it("fills placeholders and leaves unknown ones visible", () => {
    expect(say("pl", "chosen", { name: "Paczkomat GDA01M" })).toBe(
      "Paczka trafi do: Paczkomat GDA01M.",
    );
    expect(say("en", "distance", { km: 1.2 })).toBe("1.2 km away");
    expect(say("en", "refused")).toBe("This point cannot be chosen: {reason}");
  });

  it("knows its languages and asks the store's routes for the same one", () => {
    expect(isPickerLanguage("pl")).toBe(true);
    expect(isPickerLanguage("de")).toBe(false);
    expect(acceptLanguage("pl")).toMatch(/^pl/);
    expect(acceptLanguage("en")).toMatch(/^en/);
  });
});
