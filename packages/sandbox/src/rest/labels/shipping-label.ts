// The shipping labels of ordered packages, one label per parcel, as PDF pages
// (one label per A6 page, four per A4 page) or as ZPL for thermal printers
// (one ^XA..^XZ block per parcel). Each label is in Polish, as the service's
// are: the carrier by name ("Poczta Polska"), "Paczka i/N" of its package ("Przesyłka"), the sender
// ("NADAWCA") and receiver ("ODBIORCA") and, in large type, the parcel's
// tracking number; the sandbox marks every label "ETYKIETA TESTOWA SANDBOX".
import { serviceName } from "@shipbridge/core";
import { LABEL_PAGE_FORMATS } from "@shipbridge/core/schemas";
import type { StoredPackage } from "../storage/stored-package.ts";
import {
  PAGE_SIZES,
  type PdfPage,
  type PdfRect,
  type PdfText,
  renderPdfPages,
} from "./pdf-document.ts";

export type PageFormat = keyof typeof PAGE_SIZES;
/** @shipbridge/core's label page formats; the type checks that each has a page size. */
export const PAGE_FORMATS = LABEL_PAGE_FORMATS satisfies readonly PageFormat[];

/** The mark of a test label, below the carrier. */
export const TEST_LABEL_MARK = "ETYKIETA TESTOWA SANDBOX";

/** A weight as Polish writes it: a decimal comma. */
function kilograms(weight: number): string {
  return `${String(weight).replace(".", ",")} kg`;
}

function field(address: unknown, key: string): string {
  if (typeof address !== "object" || address === null) return "";
  const value = (address as Record<string, unknown>)[key];
  return typeof value === "string" ? value : "";
}

function addressLines(address: unknown): string[] {
  if (typeof address !== "object" || address === null) return ["(z umowy przewoźnika)"];
  return [
    field(address, "name"),
    field(address, "company"),
    field(address, "street"),
    `${field(address, "postcode")} ${field(address, "city")} ${field(address, "country_code")}`.trim(),
    field(address, "point") ? `Punkt: ${field(address, "point")}` : "",
  ].filter((line) => line !== "");
}

/** Labels on a page of each format: A6 holds one, A4 four (2×2; A4 is four A6). */
const GRID: Record<PageFormat, { readonly columns: number; readonly rows: number }> = {
  a6: { columns: 1, rows: 1 },
  a4: { columns: 2, rows: 2 },
};

/** The labels of one package as a PDF: one label per parcel (see labelPages). */
export function labelPdf(pkg: StoredPackage, pageFormat: PageFormat): Uint8Array {
  return renderPdfPages(labelPages([pkg], pageFormat));
}

/**
 * The pages of the labels of packages, one label per parcel in the order of
 * the packages and their parcels: one label per A6 page, or four per A4 page
 * (left to right, top to bottom; the last page may hold fewer).
 */
export function labelPages(packages: readonly StoredPackage[], pageFormat: PageFormat): PdfPage[] {
  const size = PAGE_SIZES[pageFormat];
  const { columns, rows } = GRID[pageFormat];
  const cell = { width: size.width / columns, height: size.height / rows };
  const scale = Math.min(cell.width / PAGE_SIZES.a6.width, cell.height / PAGE_SIZES.a6.height);
  const labels = packages.flatMap((pkg) => pkg.parcelNumbers.map((_, index) => ({ pkg, index })));
  const pages: PdfPage[] = [];
  for (let first = 0; first < labels.length; first += columns * rows) {
    const texts: PdfText[] = [];
    const rects: PdfRect[] = [];
    labels.slice(first, first + columns * rows).forEach(({ pkg, index }, slot) => {
      const origin = {
        x: (slot % columns) * cell.width,
        y: size.height - (Math.floor(slot / columns) + 1) * cell.height,
      };
      const label = parcelLabel(pkg, index, origin, scale);
      texts.push(...label.texts);
      rects.push(...label.rects);
    });
    pages.push({ ...size, texts, rects });
  }
  return pages;
}

/**
 * The label of one parcel, drawn in an A6 area at `origin` (its lower left
 * corner) scaled by `scale`: the carrier and the test mark, "Paczka i/N" with the package, the
 * sender and receiver, and the parcel's tracking number in large type.
 */
function parcelLabel(
  pkg: StoredPackage,
  index: number,
  origin: { readonly x: number; readonly y: number },
  scale: number,
): { texts: PdfText[]; rects: PdfRect[] } {
  const width = PAGE_SIZES.a6.width * scale;
  const height = PAGE_SIZES.a6.height * scale;
  const margin = 14 * scale;
  const texts: PdfText[] = [];
  const rects: PdfRect[] = [
    {
      x: origin.x + margin / 2,
      y: origin.y + margin / 2,
      width: width - margin,
      height: height - margin,
    },
  ];
  let y = origin.y + height - margin - 14 * scale;
  const line = (text: string, fontSize: number, bold = false) => {
    texts.push({ x: origin.x + margin, y, size: fontSize * scale, text, bold });
    y -= (fontSize + 4) * scale;
  };
  const count = pkg.parcelNumbers.length;
  const weight = pkg.data.parcels[index]?.weight;
  line(serviceName(pkg.service), 12, true);
  line(TEST_LABEL_MARK, 7, true);
  line(`Paczka ${index + 1}/${count}`, 14, true);
  line(`Przesyłka ${pkg.id}${weight === undefined ? "" : `  -  ${kilograms(weight)}`}`, 8);
  y -= 4 * scale;
  line("NADAWCA", 7, true);
  for (const l of addressLines(pkg.data.sender ?? pkg.data.pickup)) line(l, 8);
  y -= 4 * scale;
  line("ODBIORCA", 7, true);
  for (const l of addressLines(pkg.data.receiver)) line(l, 10);
  y -= 6 * scale;
  rects.push({
    x: origin.x + margin,
    y: y - 2 * scale,
    width: width - 2 * margin,
    height: 18 * scale,
    fill: false,
  });
  line(pkg.parcelNumbers[index] ?? "", 13, true);
  return { texts, rects };
}

/** Characters a ZPL field's data cannot carry as they are: the command prefixes (and, after ^FH, its escape). */
const ZPL_SPECIAL = /[\^~_]/g;

/**
 * A text field's data as ZPL. The file declares UTF-8 (^CI28), so Polish
 * letters print as they are; a text with ^ or ~ (the command prefixes) gets
 * ^FH, and ^, ~ and the escape character _ are written as hexadecimal
 * escapes (_5E, _7E, _5F).
 */
function zplField(text: string): string {
  if (!/[\^~]/.test(text)) return `^FD${text}`;
  const escaped = text.replace(
    ZPL_SPECIAL,
    (char) => `_${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `^FH^FD${escaped}`;
}

/** ZPL II of several packages: every parcel's label block, in order. */
export function labelsZpl(packages: readonly StoredPackage[]): string {
  return `${packages.map(labelZpl).join("\n")}\n`;
}

/**
 * ZPL II, one label per parcel (203 dpi; A6 is 4×6 in, A4 is printed at the
 * same size), in UTF-8 (^CI28), so the Polish letters print as they are.
 */
export function labelZpl(pkg: StoredPackage): string {
  const receiver = addressLines(pkg.data.receiver);
  return pkg.parcelNumbers
    .map((no, index) =>
      [
        "^XA",
        "^CI28",
        // The carrier, and the test mark below it in smaller type: each fits the 4 in (812-dot) width.
        `^FO40,28^A0N,36,36${zplField(serviceName(pkg.service))}^FS`,
        `^FO40,68^A0N,24,24${zplField(TEST_LABEL_MARK)}^FS`,
        `^FO40,100^A0N,28,28^FDPaczka ${index + 1}/${pkg.parcelNumbers.length}  Przesyłka ${pkg.id}^FS`,
        ...receiver.map((l, i) => `^FO40,${160 + i * 34}^A0N,30,30${zplField(l)}^FS`),
        `^FO40,${200 + receiver.length * 34}^BY3^BCN,160,Y,N,N^FD${no}^FS`,
        "^XZ",
      ].join("\n"),
    )
    .join("\n");
}
