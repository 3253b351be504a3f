// The PDF writer's output is a well-formed PDF: header, objects at the offsets
// the cross-reference table claims, a trailer and %%EOF; its fonts draw the
// Polish letters by their standard glyph names (checked against the Adobe
// Glyph List's names and Windows-1252, independently of the writer's tables)
// and keep WinAnsi's own letters and punctuation („ ” – € ê ñ æ).
import { describe, expect, it } from "vitest";
import { readPdf } from "../testing/pdf-reader.ts";
import { PAGE_SIZES, POLISH_CODES, pdfString, renderPdf, renderPdfPages } from "./pdf-document.ts";

function text(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("latin1");
}

describe("renderPdf", () => {
  const bytes = renderPdf({
    ...PAGE_SIZES.a6,
    texts: [
      { x: 20, y: 380, size: 14, text: "Łódź (Bałuty) \\ 123", bold: true },
      { x: 20, y: 350, size: 24, text: "6000000100012345678901" },
    ],
    rects: [{ x: 10, y: 10, width: 278, height: 400 }],
  });
  const pdf = text(bytes);

  it("starts with the PDF header and ends with %%EOF", () => {
    expect(pdf.startsWith("%PDF-1.4\n")).toBe(true);
    expect(pdf.trimEnd().endsWith("%%EOF")).toBe(true);
  });

  it("has a cross-reference table whose offsets point at each object", () => {
    const startxref = Number(/startxref\n(\d+)\n%%EOF/.exec(pdf)?.[1]);
    expect(pdf.slice(startxref, startxref + 4)).toBe("xref");
    const table = pdf.slice(startxref).split("\n");
    expect(table[1]).toBe("0 7");
    for (let n = 1; n <= 6; n++) {
      const offset = Number(table[2 + n]?.slice(0, 10));
      expect(pdf.slice(offset, offset + `${n} 0 obj`.length)).toBe(`${n} 0 obj`);
    }
  });

  it("declares the true length of the content stream", () => {
    const match = /<< \/Length (\d+) >>\nstream\n/.exec(pdf);
    expect(match).not.toBeNull();
    const start = (match?.index ?? 0) + (match?.[0].length ?? 0);
    const end = pdf.indexOf("endstream", start);
    expect(end - start).toBe(Number(match?.[1]));
  });

  it("writes the text in the fonts' encoding, specials escaped", () => {
    expect(pdf).toContain("(6000000100012345678901) Tj");
    expect(pdf).toContain("(\x90\xf3d\xb9 \\(Ba\xb4uty\\) \\\\ 123) Tj");
    expect(pdf).toContain("/MediaBox [0 0 298 420]");
  });

  it("gives both fonts an encoding that names every Polish letter by its standard glyph", () => {
    // The Adobe Glyph List's names of the Polish letters, and WinAnsi's own Ó and ó.
    const AGL: Record<string, string> = {
      Aogonek: "Ą",
      Cacute: "Ć",
      Eogonek: "Ę",
      Lslash: "Ł",
      Nacute: "Ń",
      Sacute: "Ś",
      Zacute: "Ź",
      Zdotaccent: "Ż",
      aogonek: "ą",
      cacute: "ć",
      eogonek: "ę",
      lslash: "ł",
      nacute: "ń",
      sacute: "ś",
      zacute: "ź",
      zdotaccent: "ż",
    };
    const fonts = [
      ...pdf.matchAll(
        /\/BaseFont \/(Helvetica(?:-Bold)?) \/Encoding << \/Type \/Encoding \/BaseEncoding \/WinAnsiEncoding \/Differences \[([^\]]*)\] >>/g,
      ),
    ];
    expect(fonts.map((f) => f[1])).toEqual(["Helvetica", "Helvetica-Bold"]);
    const differences = new Map<number, string>();
    for (const [, code, glyph] of (fonts[0]?.[2] ?? "").matchAll(/(\d+) \/(\w+)/g))
      differences.set(Number(code), AGL[glyph as string] ?? "?");
    // What a reader shows for the bytes: the /Differences, else WinAnsi (Windows-1252).
    const winAnsi = new TextDecoder("windows-1252");
    const read = (literal: string) =>
      [...literal.slice(1, -1)]
        .map((byte) => {
          const code = byte.charCodeAt(0);
          return differences.get(code) ?? winAnsi.decode(new Uint8Array([code]));
        })
        .join("");
    const letters = "ąćęłńóśźżĄĆĘŁŃÓŚŹŻ";
    expect(read(pdfString(letters))).toBe(letters);
    expect(Object.keys(POLISH_CODES)).toHaveLength(16);
    // No Polish letter takes the code of a WinAnsi letter or of its punctuation.
    for (const code of differences.keys()) {
      const own = winAnsi.decode(new Uint8Array([code]));
      expect(own.codePointAt(0) ?? 0, `code ${code}`).not.toSatisfy((p: number) =>
        /[\p{L}\p{Pd}\p{Pi}\p{Pf}€£¥¢$]/u.test(String.fromCodePoint(p)),
      );
    }
    // Polish typography and Latin-1 letters together, as a reader shows them.
    for (const text of [
      "„Kowalski” – sklep",
      "ÆSir ê ñ æ Ñandú £5 €10 — ‘x’ “y” … • ™ Šiška žal",
      "Łódź, ul. Świętego Mikołaja: zażółć gęślą jaźń",
    ])
      expect(read(pdfString(text))).toBe(text);
  });

  it("keeps Latin-1 letters and WinAnsi's characters, drops other accents, replaces the rest", () => {
    expect(pdfString("Müller Žižek a€b")).toBe("(M\xfcller \x8ei\x9eek a\x80b)");
    expect(pdfString("Dvořák ¤¶ 日")).toBe("(Dvor\xe1k ?? ?)");
  });

  it("round-trips Polish quotation marks and dashes through the tests' reader", () => {
    const text = "„Kowalski” – sklep";
    const file = renderPdf({ ...PAGE_SIZES.a6, texts: [{ x: 10, y: 10, size: 9, text }] });
    expect(readPdf(file).pages[0]?.texts.map((run) => run.text)).toEqual([text]);
  });
});

describe("renderPdfPages", () => {
  it("writes every page into the page tree, with correct offsets", () => {
    const pdf = text(
      renderPdfPages([
        { ...PAGE_SIZES.a4, texts: [{ x: 10, y: 800, size: 12, text: "first" }] },
        { ...PAGE_SIZES.a4, texts: [{ x: 10, y: 800, size: 12, text: "second" }] },
        { ...PAGE_SIZES.a6, texts: [{ x: 10, y: 400, size: 12, text: "third" }] },
      ]),
    );
    expect(pdf).toContain("/Kids [5 0 R 7 0 R 9 0 R] /Count 3");
    const startxref = Number(/startxref\n(\d+)\n%%EOF/.exec(pdf)?.[1]);
    const table = pdf.slice(startxref).split("\n");
    expect(table[1]).toBe("0 11");
    for (let n = 1; n <= 10; n++) {
      const offset = Number(table[2 + n]?.slice(0, 10));
      expect(pdf.slice(offset, offset + `${n} 0 obj`.length)).toBe(`${n} 0 obj`);
    }
    for (const word of ["first", "second", "third"]) expect(pdf).toContain(`(${word}) Tj`);
    expect(() => renderPdfPages([])).toThrow(RangeError);
  });
});
