// Tests of the postcode rule: every country's written form, the common
// typings the mapping rewrites, and the findings a draft gets.
import { describe, expect, it } from "vitest";
import { IssueCollector } from "../issues/issue-collector.ts";
import { SUPPORTED_COUNTRIES } from "./countries.ts";
import {
  checkPostcode,
  isValidPostcode,
  normalizePostcode,
  POSTCODE_FORMATS,
  postcodeFormat,
} from "./postcodes.ts";

describe("POSTCODE_FORMATS", () => {
  it("has a form for every country of the built-in list", () => {
    expect(SUPPORTED_COUNTRIES.filter((country) => postcodeFormat(country) === undefined)).toEqual(
      [],
    );
  });

  it.each(Object.entries(POSTCODE_FORMATS))("accepts the example of %s", (country, format) => {
    expect(isValidPostcode(country, format.example)).toBe(true);
  });

  it.each([
    ["PL", "00-950"],
    ["PL", "80-831"],
    ["DE", "01067"],
    ["CZ", "110 00"],
    ["SK", "811 01"],
    ["NL", "1012 AB"],
    ["GB", "SW1A 1AA"],
    ["GB", "M1 1AE"],
    ["GB", "EC1A 1BB"],
    ["IE", "D02 X285"],
    ["IE", "D6W 1234"],
    ["PT", "1000-001"],
    ["AT", "1010"],
    ["SE", "111 52"],
    ["SE", "11152"],
    ["GR", "10557"],
    ["DK", "0800"],
    ["LT", "LT-01100"],
    ["LT", "01103"],
    ["RO", "010011"],
  ])("accepts %s %j", (country, postcode) => {
    expect(isValidPostcode(country, postcode)).toBe(true);
  });

  it.each([
    ["PL", "ABC"],
    ["PL", "12345"],
    ["PL", "12-3456"],
    ["PL", "1-2345"],
    ["DE", "1234"],
    ["DE", "ABC"],
    ["CZ", "11000"],
    ["NL", "1012AB"],
    ["NL", "0123 AB"],
    ["GB", "ABC"],
    ["IE", "12345"],
    ["AT", "12345"],
    ["PT", "1000001"],
  ])("refuses %s %j", (country, postcode) => {
    expect(isValidPostcode(country, postcode)).toBe(false);
  });

  it("leaves a country without postcodes, and one outside the table, to the service", () => {
    expect(isValidPostcode("AE", "-")).toBe(true);
    expect(isValidPostcode("US", "10001")).toBe(true);
  });
});

describe("normalizePostcode", () => {
  it.each([
    ["PL", "80831", "80-831"],
    ["PL", " 80 - 831 ", "80-831"],
    ["CZ", "11000", "110 00"],
    ["SK", "81101", "811 01"],
    ["NL", "1012ab", "1012 AB"],
    ["GB", "sw1a1aa", "SW1A 1AA"],
    ["IE", "d02x285", "D02 X285"],
    ["DE", "D-10115", "10115"],
    ["LU", "L-1009", "1009"],
    ["LT", "lt 01100", "LT-01100"],
    ["PT", "1000001", "1000-001"],
    ["PL", "80 831", "80-831"],
    ["PL", "80\u2013831", "80-831"],
    ["PL", "80\u2011831", "80-831"],
    ["PL", "80\u2014831", "80-831"],
    ["PL", "PL-80-831", "80-831"],
    ["PL", "PL 80831", "80-831"],
    ["PT", "1000 001", "1000-001"],
    ["PT", "P-1000-001", "1000-001"],
    ["DE", "DE-10115", "10115"],
    ["DE", "D 10115", "10115"],
    ["DE", "de10115", "10115"],
    ["CZ", "CZ-110 00", "110 00"],
    ["CZ", "CZ 11000", "110 00"],
    ["FR", "F-75001", "75001"],
    ["FR", "FR-75001", "75001"],
    ["SE", "S-111 52", "111 52"],
    ["AT", "A-1010", "1010"],
    ["HU", "H-1051", "1051"],
    ["IT", "I-00184", "00184"],
    ["ES", "E-28001", "28001"],
    ["BE", "B-1000", "1000"],
    ["NO", "N-0150", "0150"],
    ["LU", "L 1009", "1009"],
    ["CH", "CH-8001", "8001"],
    ["FI", "FIN-00100", "00100"],
    ["SI", "SLO-1000", "1000"],
    ["NL", "NL-1012 AB", "1012 AB"],
    ["SK", "SK-811 01", "811 01"],
    ["GB", "gir0aa", "GIR 0AA"],
    ["GB", "GIR 0AA", "GIR 0AA"],
    ["MT", "MT-VLT1117", "VLT 1117"],
    ["MT", "msd1234", "MSD 1234"],
  ])("rewrites %s %j as %j", (country, input, expected) => {
    expect(normalizePostcode(country, input)).toBe(expected);
  });

  it.each([
    ["PL", "ABC"],
    ["PL", "1234"],
    ["DE", "1234"],
  ])("leaves %s %j as given when it cannot read it", (country, input) => {
    expect(normalizePostcode(country, input)).toBe(input);
  });
});

describe("checkPostcode", () => {
  function run(address: Record<string, unknown>, normalize = false) {
    const findings = new IssueCollector();
    checkPostcode(address, "receiver", findings, { normalize });
    return { address, findings };
  }

  it("refuses a Polish postcode not in NN-NNN, naming the form and an example", () => {
    const { findings } = run({ country_code: "PL", postcode: "ABC" });
    expect(findings.errors).toEqual([
      {
        path: "receiver.postcode",
        rule: "postcode_invalid",
        params: { country: "PL", form: "NN-NNN", example: "00-950" },
      },
    ]);
  });

  it("refuses the common typing without normalize (a package as sent)", () => {
    const { address, findings } = run({ country_code: "PL", postcode: "80831" });
    expect(address["postcode"]).toBe("80831");
    expect(findings.errors.map((e) => e.rule)).toEqual(["postcode_invalid"]);
  });

  it("rewrites the common typing with normalize, with a warning", () => {
    const { address, findings } = run({ country_code: "PL", postcode: "80831" }, true);
    expect(address["postcode"]).toBe("80-831");
    expect(findings.errors).toEqual([]);
    expect(findings.warnings).toEqual([
      {
        path: "receiver.postcode",
        rule: "postcode_normalized",
        params: { from: "80831", to: "80-831", country: "PL" },
      },
    ]);
  });

  it("leaves an address without a country or postcode to the schema", () => {
    expect(run({ postcode: "ABC" }).findings.errors).toEqual([]);
    expect(run({ country_code: "PL", postcode: "" }).findings.errors).toEqual([]);
  });
});
