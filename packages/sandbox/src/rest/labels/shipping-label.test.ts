// A parcel's label names its carrier as people know it ("Poczta Polska",
// not POCZTA), in PDF and ZPL, and the ZPL title lines fit the 4-inch label.
import { describe, expect, it } from "vitest";
import type { StoredPackage } from "../storage/stored-package.ts";
import { readPdf } from "../testing/pdf-reader.ts";
import { parseZpl } from "../testing/zpl-parser.ts";
import { labelPdf, labelZpl, TEST_LABEL_MARK } from "./shipping-label.ts";

/** An ordered package with the fields a label reads. */
function ordered(service: string): StoredPackage {
  const parcel = { width: 30, depth: 20, height: 10, weight: 1.5, type: "package" };
  return {
    id: 42,
    service,
    data: { service, parcels: [parcel], receiver: { name: "Anna Nowak", city: "Łódź" } },
    parcelNumbers: ["6000000100012345678901"],
  } as Partial<StoredPackage> as StoredPackage;
}

/** A ZPL label is 4 in wide at 203 dpi. */
const LABEL_DOTS = 812;

describe("the carrier on a label", () => {
  for (const [service, name] of [
    ["poczta", "Poczta Polska"],
    ["inpost", "InPost"],
    ["orlen", "ORLEN Paczka"],
  ] as const) {
    it(`is ${name} for ${service}, in PDF and ZPL`, () => {
      const texts = readPdf(labelPdf(ordered(service), "a6")).pages[0]?.texts.map((t) => t.text);
      expect(texts?.slice(0, 2)).toEqual([name, TEST_LABEL_MARK]);
      const fields = parseZpl(labelZpl(ordered(service)))[0]?.fields ?? [];
      expect(fields.slice(0, 2).map((field) => field.data)).toEqual([name, TEST_LABEL_MARK]);
    });
  }

  it("has ZPL title lines that fit the label even if every character were as wide as its font", () => {
    for (const service of ["ambroexpress", "orlen", "poczta", "inpost"]) {
      const titles = [
        ...labelZpl(ordered(service)).matchAll(/\^FO(\d+),\d+\^A0N,\d+,(\d+)\^FD([^^]*)\^FS/g),
      ].slice(0, 2);
      expect(titles).toHaveLength(2);
      for (const [, x, width, text] of titles)
        expect(Number(x) + [...(text ?? "")].length * Number(width), text).toBeLessThanOrEqual(
          LABEL_DOTS,
        );
    }
  });
});
