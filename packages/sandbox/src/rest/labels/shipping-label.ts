// The shipping label of an ordered package, as a PDF page (A4 or A6) or as
// ZPL for thermal printers. It shows the carrier, the sender and receiver,
// the parcel count and, in large type, each parcel's tracking number; the
// sandbox marks every label as a test label.
import { LABEL_PAGE_FORMATS } from "@shipbridge/core/schemas";
import type { StoredPackage } from "../storage/stored-package.ts";
import { PAGE_SIZES, type PdfPage, type PdfRect, type PdfText, renderPdf } from "./pdf-document.ts";

export type PageFormat = keyof typeof PAGE_SIZES;
/** @shipbridge/core's label page formats; the type checks that each has a page size. */
export const PAGE_FORMATS = LABEL_PAGE_FORMATS satisfies readonly PageFormat[];

function field(address: unknown, key: string): string {
  if (typeof address !== "object" || address === null) return "";
  const value = (address as Record<string, unknown>)[key];
  return typeof value === "string" ? value : "";
}

function addressLines(address: unknown): string[] {
  if (typeof address !== "object" || address === null) return ["(z umowy przewoznika)"];
  return [
    field(address, "name"),
    field(address, "company"),
    field(address, "street"),
    `${field(address, "postcode")} ${field(address, "city")} ${field(address, "country_code")}`.trim(),
    field(address, "point") ? `Punkt: ${field(address, "point")}` : "",
  ].filter((line) => line !== "");
}

/** The label as a PDF document of one page. */
export function labelPdf(pkg: StoredPackage, pageFormat: PageFormat): Uint8Array {
  return renderPdf(labelPage(pkg, pageFormat));
}

/** One page per package's label; every parcel's tracking number is on it. */
export function labelPage(pkg: StoredPackage, pageFormat: PageFormat): PdfPage {
  const size = PAGE_SIZES[pageFormat];
  const scale = size.width / PAGE_SIZES.a6.width;
  const margin = 14 * scale;
  const texts: PdfText[] = [];
  const rects: PdfRect[] = [
    { x: margin / 2, y: margin / 2, width: size.width - margin, height: size.height - margin },
  ];
  let y = size.height - margin - 14 * scale;
  const line = (text: string, fontSize: number, bold = false) => {
    texts.push({ x: margin, y, size: fontSize * scale, text, bold });
    y -= (fontSize + 4) * scale;
  };
  line(`${pkg.service.toUpperCase()}  -  SANDBOX TEST LABEL`, 12, true);
  line(`Package ${pkg.id}  /  ${pkg.parcelNumbers.length} parcel(s)`, 8);
  y -= 4 * scale;
  line("NADAWCA / FROM", 7, true);
  for (const l of addressLines(pkg.data.sender ?? pkg.data.pickup)) line(l, 8);
  y -= 4 * scale;
  line("ODBIORCA / TO", 7, true);
  for (const l of addressLines(pkg.data.receiver)) line(l, 10);
  y -= 6 * scale;
  pkg.parcelNumbers.forEach((no, index) => {
    line(`Parcel ${index + 1}`, 7, true);
    rects.push({
      x: margin,
      y: y - 2 * scale,
      width: size.width - 2 * margin,
      height: 18 * scale,
      fill: false,
    });
    line(no, 13, true);
  });
  return { ...size, texts, rects };
}

function zplText(text: string): string {
  return text
    .replace(/[\^~]/g, " ")
    .normalize("NFKD")
    .replace(/[^\x20-\x7e]/g, "");
}

/** ZPL II, one label per parcel (203 dpi; A6 is 4×6 in, A4 is printed at the same size). */
export function labelZpl(pkg: StoredPackage): string {
  const receiver = addressLines(pkg.data.receiver);
  return pkg.parcelNumbers
    .map((no, index) =>
      [
        "^XA",
        "^CI28",
        `^FO40,40^A0N,40,40^FD${zplText(pkg.service.toUpperCase())} SANDBOX TEST LABEL^FS`,
        `^FO40,100^A0N,28,28^FDParcel ${index + 1}/${pkg.parcelNumbers.length}  Package ${pkg.id}^FS`,
        ...receiver.map((l, i) => `^FO40,${160 + i * 34}^A0N,30,30^FD${zplText(l)}^FS`),
        `^FO40,${200 + receiver.length * 34}^BY3^BCN,160,Y,N,N^FD${no}^FS`,
        "^XZ",
      ].join("\n"),
    )
    .join("\n");
}
