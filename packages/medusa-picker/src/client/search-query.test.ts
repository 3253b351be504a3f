// The search box reads a postcode, a point code or a city.
import { describe, expect, it } from "vitest";
import { readSearch } from "./search-query.ts";

describe("readSearch", () => {
  it("reads a Polish postcode, with or without its dash", () => {
    expect(readSearch(" 80-831 ")).toEqual({ postcode: "80-831" });
    expect(readSearch("80831")).toEqual({ postcode: "80-831" });
  });

  it("reads a point code, in capitals", () => {
    expect(readSearch("gda01m")).toEqual({ code: "GDA01M" });
    expect(readSearch("POP-GDA001")).toEqual({ code: "POP-GDA001" });
  });

  it("reads anything else as a city, Polish letters and spaces kept", () => {
    expect(readSearch("Gdańsk")).toEqual({ city: "Gdańsk" });
    expect(readSearch("  Zielona   Góra ")).toEqual({ city: "Zielona Góra" });
  });

  it("reads nothing from a blank box", () => {
    expect(readSearch("   ")).toBeUndefined();
  });
});
