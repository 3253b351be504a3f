// A tiny writer of valid PDF documents (PDF 1.4), one or more pages: text lines in
// Helvetica and rectangles, with a correct cross-reference table, so that any
// PDF reader opens the sandbox's shipping labels. The text is drawn in the
// standard Helvetica fonts (no font is embedded) with an encoding that puts
// the Polish letters (ą ć ę ł ń ó ś ź ż and capitals) in place of signs of
// WinAnsi, by their standard glyph names, which every PDF reader maps to
// the letters for drawing, copying and search.
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

/**
 * Polish letters WinAnsi lacks, at the codes ISO 8859-2 gives them, named by
 * their standard glyph names (every letter is in the glyph set of the
 * standard Helvetica fonts, so readers draw it without an embedded font).
 * Ó and ó are WinAnsi's own (211, 243).
 */
export const POLISH_CODES: Readonly<Record<string, { code: number; glyph: string }>> = {
  Ą: { code: 161, glyph: "Aogonek" },
  Ł: { code: 163, glyph: "Lslash" },
  Ś: { code: 166, glyph: "Sacute" },
  Ź: { code: 172, glyph: "Zacute" },
  Ż: { code: 175, glyph: "Zdotaccent" },
  ą: { code: 177, glyph: "aogonek" },
  ł: { code: 179, glyph: "lslash" },
  ś: { code: 182, glyph: "sacute" },
  ź: { code: 188, glyph: "zacute" },
  ż: { code: 191, glyph: "zdotaccent" },
  Ć: { code: 198, glyph: "Cacute" },
  Ę: { code: 202, glyph: "Eogonek" },
  Ń: { code: 209, glyph: "Nacute" },
  ć: { code: 230, glyph: "cacute" },
  ę: { code: 234, glyph: "eogonek" },
  ń: { code: 241, glyph: "nacute" },
};

const TAKEN = new Set(Object.values(POLISH_CODES).map((p) => p.code));

/** The fonts' encoding: WinAnsi with the Polish letters in place of the signs at their codes. */
const FONT_ENCODING = `<< /Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences [${Object.values(
  POLISH_CODES,
)
  .sort((a, b) => a.code - b.code)
  .map((p) => `${p.code} /${p.glyph}`)
  .join(" ")}] >>`;

/** One character as a code of the fonts' encoding, if it has one. */
function code(ch: string): number | undefined {
  const polish = POLISH_CODES[ch];
  if (polish) return polish.code;
  const point = ch.codePointAt(0) ?? 0;
  if (point >= 0x20 && point <= 0x7e) return point;
  // WinAnsi agrees with Latin-1 from 160 on (ö, é, ü...), but for the codes the Polish letters take.
  if (point >= 0xa0 && point <= 0xff && !TAKEN.has(point)) return point;
  return undefined;
}

/**
 * Text as a PDF literal string in the fonts' encoding: Polish letters and
 * Latin-1 ones as they are, other letters without their accents, anything
 * else `?`; (, ) and \ escaped. The string's characters are the bytes.
 */
export function pdfString(text: string): string {
  const bytes = [...text]
    .map((ch) => {
      const direct = code(ch);
      if (direct !== undefined) return String.fromCharCode(direct);
      const bare = ch.normalize("NFKD").replace(/\p{M}/gu, "");
      return [...bare].map((b) => String.fromCharCode(code(b) ?? 0x3f)).join("") || "?";
    })
    .join("");
  return `(${bytes.replace(/[\\()]/g, (ch) => `\\${ch}`)})`;
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
    `<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding ${FONT_ENCODING} >>`,
    `<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding ${FONT_ENCODING} >>`,
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
