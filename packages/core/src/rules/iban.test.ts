// Tests of the IBAN checks: checksum, Polish length and bare NRB numbers.
import { describe, expect, it } from "vitest";
import { ibanMod97, isValidIban, normalizeIban } from "./iban.ts";

describe("IBAN", () => {
  it.each([
    ["PL61109010140000071219812874", "PL61109010140000071219812874"],
    ["PL61 1090 1014 0000 0712 1981 2874", "PL61109010140000071219812874"],
    ["pl61109010140000071219812874", "PL61109010140000071219812874"],
    ["61109010140000071219812874", "PL61109010140000071219812874"],
    ["61 1090 1014 0000 0712 1981 2874", "PL61109010140000071219812874"],
    ["DE89370400440532013000", "DE89370400440532013000"],
    ["GB82 WEST 1234 5698 7654 32", "GB82WEST12345698765432"],
  ])("accepts %j as %j", (input, expected) => {
    expect(normalizeIban(input)).toBe(expected);
    expect(isValidIban(input)).toBe(true);
  });

  it.each([
    ["a wrong check digit", "PL62109010140000071219812874"],
    ["a changed digit", "PL61109010140000071219812875"],
    ["a Polish IBAN of 27 characters", "PL6110901014000007121981287"],
    ["an NRB of 25 digits", "6110901014000007121981287"],
    ["letters in an NRB", "61109010140000071219812A74"],
    ["no country", "1234"],
    ["an empty string", ""],
    ["a huge string", "PL".padEnd(10_000, "1")],
  ])("rejects %s", (_label, input) => {
    expect(normalizeIban(input)).toBeUndefined();
  });

  it("computes the ISO 13616 remainder", () => {
    expect(ibanMod97("PL61109010140000071219812874")).toBe(1);
    expect(ibanMod97("PL00109010140000071219812874")).not.toBe(1);
  });
});
