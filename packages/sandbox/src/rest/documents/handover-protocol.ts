// The handover protocol ("protokół nadania"): the list a courier signs when
// collecting parcels, as A4 PDF pages in Polish, as the service's are: the
// carrier by name in the heading ("Przewoźnik: Poczta Polska") and the time
// it was made in Warsaw's local time, then one row per parcel with its
// carrier, its package's ID ("ID przesyłki"), its number in the package
// ("Paczka" i/N), its tracking number ("Numer nadania"), receiver
// ("Odbiorca") and weight, with signature lines for the sender and the
// courier on the last page. The documents command gives it the packages of
// one carrier.

import { serviceName } from "@shipbridge/core";
import type { PdfPage, PdfText } from "../labels/pdf-document.ts";
import { PAGE_SIZES } from "../labels/pdf-document.ts";
import type { StoredPackage } from "../storage/stored-package.ts";

const ROWS_PER_PAGE = 40;

/** A moment as Warsaw's clocks show it, as Polish writes it: "26.11.2026, 18:20". */
const WARSAW_TIME = new Intl.DateTimeFormat("pl-PL", {
  timeZone: "Europe/Warsaw",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

interface Row {
  readonly service: string;
  readonly packageId: number;
  /** "i/N": the parcel's place in its package. */
  readonly parcel: string;
  readonly packageNo: string;
  readonly receiver: string;
  readonly weight: number;
}

function receiverOf(pkg: StoredPackage): string {
  const r = pkg.data.receiver ?? {};
  const name = typeof r.name === "string" ? r.name : "";
  const city = typeof r.city === "string" ? r.city : "";
  return `${name}, ${city}`.slice(0, 36);
}

export function handoverProtocolPages(packages: readonly StoredPackage[], now: number): PdfPage[] {
  const rows: Row[] = packages
    .flatMap((pkg) =>
      pkg.data.parcels.map((parcel, index) => ({
        service: pkg.service,
        packageId: pkg.id,
        parcel: `${index + 1}/${pkg.data.parcels.length}`,
        packageNo: pkg.parcelNumbers[index] ?? "",
        receiver: receiverOf(pkg),
        weight: parcel.weight,
      })),
    )
    .sort((a, b) =>
      a.service < b.service ? -1 : a.service > b.service ? 1 : a.packageId - b.packageId,
    );
  const carriers = [...new Set(rows.map((row) => serviceName(row.service)))].join(", ");
  const chunks: Row[][] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_PAGE)
    chunks.push(rows.slice(i, i + ROWS_PER_PAGE));
  if (chunks.length === 0) chunks.push([]);
  return chunks.map((chunk, pageIndex) => {
    const texts: PdfText[] = [
      { x: 40, y: 800, size: 16, text: "Protokół nadania", bold: true },
      {
        x: 40,
        y: 780,
        size: 9,
        text: `${WARSAW_TIME.format(now)}  -  strona ${pageIndex + 1} z ${chunks.length}  -  paczek: ${rows.length}`,
      },
      { x: 40, y: 766, size: 11, text: `Przewoźnik: ${carriers}`, bold: true },
      { x: 40, y: 750, size: 9, text: "Przewoźnik", bold: true },
      { x: 115, y: 750, size: 9, text: "ID przesyłki", bold: true },
      { x: 175, y: 750, size: 9, text: "Paczka", bold: true },
      { x: 210, y: 750, size: 9, text: "Numer nadania", bold: true },
      { x: 345, y: 750, size: 9, text: "Odbiorca", bold: true },
      { x: 530, y: 750, size: 9, text: "kg", bold: true },
    ];
    chunk.forEach((row, i) => {
      const y = 732 - i * 16;
      texts.push(
        { x: 40, y, size: 9, text: serviceName(row.service) },
        { x: 115, y, size: 9, text: String(row.packageId) },
        { x: 175, y, size: 9, text: row.parcel },
        { x: 210, y, size: 9, text: row.packageNo },
        { x: 345, y, size: 9, text: row.receiver },
        { x: 530, y, size: 9, text: String(row.weight).replace(".", ",") },
      );
    });
    if (pageIndex === chunks.length - 1) {
      texts.push(
        { x: 40, y: 60, size: 9, text: "Podpis nadawcy: ______________________" },
        { x: 320, y: 60, size: 9, text: "Podpis kuriera: ______________________" },
      );
    }
    return { ...PAGE_SIZES.a4, texts };
  });
}
