// Tests of place-name comparison: case, diacritics, spaces, dots and dashes aside.
import { describe, expect, it } from "vitest";
import { foldPlaceName, samePlaceName } from "./place-names.ts";

describe("place names", () => {
  it("folds case and diacritics, Polish ł included", () => {
    expect(foldPlaceName(" Łódź ")).toBe("lodz");
    expect(foldPlaceName("Gdańsk")).toBe("gdansk");
  });

  it.each([
    ["Gdansk", "Gdańsk"],
    ["BIELSKO BIAŁA", "Bielsko-Biała"],
    ["St. Gallen", "St Gallen"],
  ])("reads %j as %j", (a, b) => {
    expect(samePlaceName(a, b)).toBe(true);
  });

  it("tells different places apart", () => {
    expect(samePlaceName("Gdańsk", "Gdynia")).toBe(false);
  });
});
