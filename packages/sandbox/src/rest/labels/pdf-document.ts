// A tiny writer of valid PDF documents (PDF 1.4), one or more pages: text lines in
// Helvetica and rectangles, with a correct cross-reference table, so that any
// PDF reader opens the sandbox's shipping labels. The text is drawn in the
// standard Helvetica fonts (no font is embedded) with WinAnsi encoding plus
// /Differences giving the Polish letters (ą ć ę ł ń ś ź ż and capitals; ó is
// WinAnsi's) codes WinAnsi leaves undefined or spends on rare signs, by their
// standard glyph names, so readers copy and search them as the letters.
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
 * WinAnsi's own signs and letters at 0x80-0x9F (€ ‚ „ … ‘ ’ “ ” • – — ™ Š š
 * Ž ž...), as Windows-1252 defines them; its five undefined codes there
 * (0x81, 0x8D, 0x8F, 0x90, 0x9D) are left out.
 */
export const WIN_ANSI_HIGH: ReadonlyMap<string, number> = (() => {
  const decoder = new TextDecoder("windows-1252");
  const codes = new Map<string, number>();
  for (let code = 0x80; code <= 0x9f; code++) {
    const char = decoder.decode(new Uint8Array([code]));
    if ((char.codePointAt(0) ?? 0) > 0x9f) codes.set(char, code);
  }
  return codes;
})();

/**
 * Polish letters WinAnsi lacks, named by their standard glyph names, at codes
 * where WinAnsi has no character (the five undefined codes) or a sign seldom
 * written in a name or an address (¡ ¤ ¦ ¨ ¬ ¯ ´ ¶ ¸ ¹ ¿), so every Latin-1
 * letter (ä é ê ñ æ Æ...) and WinAnsi's punctuation keep their own codes.
 * Ó and ó are WinAnsi's own (211, 243).
 */
export const POLISH_CODES: Readonly<Record<string, { code: number; glyph: string }>> = {
  Ą: { code: 0x81, glyph: "Aogonek" },
  Ć: { code: 0x8d, glyph: "Cacute" },
  Ę: { code: 0x8f, glyph: "Eogonek" },
  Ł: { code: 0x90, glyph: "Lslash" },
  Ń: { code: 0x9d, glyph: "Nacute" },
  Ś: { code: 0xa1, glyph: "Sacute" },
  Ź: { code: 0xa4, glyph: "Zacute" },
  Ż: { code: 0xa6, glyph: "Zdotaccent" },
  ą: { code: 0xa8, glyph: "aogonek" },
  ć: { code: 0xac, glyph: "cacute" },
  ę: { code: 0xaf, glyph: "eogonek" },
  ł: { code: 0xb4, glyph: "lslash" },
  ń: { code: 0xb6, glyph: "nacute" },
  ś: { code: 0xb8, glyph: "sacute" },
  ź: { code: 0xb9, glyph: "zacute" },
  ż: { code: 0xbf, glyph: "zdotaccent" },
};

const TAKEN = new Set(Object.values(POLISH_CODES).map((p) => p.code));

/** The fonts' encoding: WinAnsi with the Polish letters in place of the codes they take. */
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
  const high = WIN_ANSI_HIGH.get(ch);
  if (high !== undefined) return high;
  const point = ch.codePointAt(0) ?? 0;
  if (point >= 0x20 && point <= 0x7e) return point;
  // WinAnsi agrees with Latin-1 from 160 on, but for the signs the Polish letters take.
  if (point >= 0xa0 && point <= 0xff && !TAKEN.has(point)) return point;
  return undefined;
}

/**
 * Text as a PDF literal string in the fonts' encoding: Polish letters,
 * Latin-1 letters and WinAnsi's characters („ ” – — … € ‘ ’ Š ž...) as they
 * are, other letters without their accents, anything else `?` (so are the
 * eleven signs whose codes the Polish letters take); (, ) and \ escaped.
 * The string's characters are the bytes.
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
