// A tiny writer of valid PDF documents (PDF 1.4), one or more pages: text lines in
// Helvetica and rectangles, with a correct cross-reference table, so that any
// PDF reader opens the sandbox's shipping labels. Text is limited to the
// WinAnsi subset the standard Helvetica font carries; Polish letters are
// written without their diacritics.
export interface PdfText {
  readonly x: number;
  readonly y: number;
  readonly size: number;
  readonly text: string;
  readonly bold?: boolean;
}

export interface PdfRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly fill?: boolean;
}

export interface PdfPage {
  /** Width and height in points (1/72 inch). */
  readonly width: number;
  readonly height: number;
  readonly texts: readonly PdfText[];
  readonly rects?: readonly PdfRect[];
}

/** Page sizes in points. */
export const PAGE_SIZES = {
  a4: { width: 595, height: 842 },
  a6: { width: 298, height: 420 },
} as const;

const DIACRITICS: Record<string, string> = {
  ą: "a",
  ć: "c",
  ę: "e",
  ł: "l",
  ń: "n",
  ó: "o",
  ś: "s",
  ź: "z",
  ż: "z",
  Ą: "A",
  Ć: "C",
  Ę: "E",
  Ł: "L",
  Ń: "N",
  Ó: "O",
  Ś: "S",
  Ź: "Z",
  Ż: "Z",
};

/** Text as a PDF literal string: ASCII only, with (, ) and \ escaped. */
export function pdfString(text: string): string {
  const ascii = [...text]
    .map((ch) => DIACRITICS[ch] ?? ch)
    .join("")
    .normalize("NFKD")
    .replace(/[^\x20-\x7e]/g, "?");
  return `(${ascii.replace(/[\\()]/g, (ch) => `\\${ch}`)})`;
}

function number(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}

function contentStream(page: PdfPage): string {
  const ops: string[] = [];
  for (const rect of page.rects ?? []) {
    ops.push(
      `${number(rect.x)} ${number(rect.y)} ${number(rect.width)} ${number(rect.height)} re ${rect.fill ? "f" : "S"}`,
    );
  }
  for (const t of page.texts) {
    ops.push(
      `BT /${t.bold ? "F2" : "F1"} ${number(t.size)} Tf ${number(t.x)} ${number(t.y)} Td ${pdfString(t.text)} Tj ET`,
    );
  }
  return `${ops.join("\n")}\n`;
}

/** The bytes of a one-page PDF. */
export function renderPdf(page: PdfPage): Uint8Array {
  return renderPdfPages([page]);
}

/** The bytes of a PDF with one or more pages. */
export function renderPdfPages(pages: readonly PdfPage[]): Uint8Array {
  if (pages.length === 0) throw new RangeError("a PDF needs at least one page");
  // Objects: 1 catalog, 2 page tree, 3 and 4 fonts, then a page and its content per page.
  const pageRef = (index: number) => 5 + index * 2;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${pageRef(i)} 0 R`).join(" ")}] /Count ${pages.length} >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
  ];
  pages.forEach((page, index) => {
    const content = contentStream(page);
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${page.width} ${page.height}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageRef(index) + 1} 0 R >>`,
      `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}endstream`,
    );
  });
  let out = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, "latin1"));
}
