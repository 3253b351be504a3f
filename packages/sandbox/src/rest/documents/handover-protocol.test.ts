// The handover protocol's heading and columns as a courier reads them: the
// carrier by name, the time in Warsaw's local time (winter and summer), and
// column headers that tell the package's ID from the parcel's number.
import { describe, expect, it } from "vitest";
import { renderPdfPages } from "../labels/pdf-document.ts";
import type { StoredPackage } from "../storage/stored-package.ts";
import { readPdf } from "../testing/pdf-reader.ts";
import { handoverProtocolPages } from "./handover-protocol.ts";

/** An ordered package with the fields the protocol reads. */
function ordered(service: string, id: number): StoredPackage {
  const parcel = { width: 30, depth: 20, height: 10, weight: 2.5, type: "package" };
  return {
    id,
    service,
    data: { service, parcels: [parcel], receiver: { name: "Anna Nowak", city: "Łódź" } },
    parcelNumbers: [`00${id}123456789`],
  } as Partial<StoredPackage> as StoredPackage;
}

function shown(now: string, packages: readonly StoredPackage[]): string[] {
  const pdf = renderPdfPages(handoverProtocolPages(packages, Date.parse(now)));
  return readPdf(pdf).pages.flatMap((page) => page.texts.map((run) => run.text));
}

describe("handoverProtocolPages", () => {
  it("names the carrier as people know it, in the heading and in each row", () => {
    const texts = shown("2026-11-26T17:20:00Z", [ordered("poczta", 7), ordered("poczta", 8)]);
    expect(texts).toContain("Przewoźnik: Poczta Polska");
    expect(texts.filter((t) => t === "Poczta Polska")).toHaveLength(2);
    expect(texts.join(" ")).not.toContain("POCZTA");
  });

  it("dates the protocol in Warsaw's local time, winter and summer", () => {
    expect(shown("2026-11-26T17:20:00Z", [ordered("inpost", 1)])).toContain(
      "26.11.2026, 18:20  -  strona 1 z 1  -  paczek: 1",
    );
    expect(shown("2026-07-01T22:05:00Z", [ordered("inpost", 1)])).toContain(
      "02.07.2026, 00:05  -  strona 1 z 1  -  paczek: 1",
    );
  });

  it("heads the package's ID and the parcel's tracking number differently", () => {
    const texts = shown("2026-11-26T17:20:00Z", [ordered("dpd", 3)]);
    for (const heading of ["Przewoźnik", "ID przesyłki", "Paczka", "Numer nadania", "Odbiorca"])
      expect(texts).toContain(heading);
    expect(texts).not.toContain("Numer przesyłki");
    expect(texts).not.toContain("Przesyłka");
  });
});
