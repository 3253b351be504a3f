// The PDF writer's output is a well-formed PDF: header, objects at the offsets
// the cross-reference table claims, a trailer and %%EOF; its fonts draw the
// Polish letters by their standard glyph names.
import { describe, expect, it } from "vitest";
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
    expect(pdf).toContain("(\xa3\xf3d\xbc \\(Ba\xb3uty\\) \\\\ 123) Tj");
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
    const byCode = new Map<number, string>([
      [0xd3, "Ó"],
      [0xf3, "ó"],
    ]);
    for (const [, code, glyph] of (fonts[0]?.[2] ?? "").matchAll(/(\d+) \/(\w+)/g))
      byCode.set(Number(code), AGL[glyph as string] ?? "?");
    const letters = "ąćęłńóśźżĄĆĘŁŃÓŚŹŻ";
    const written = pdfString(letters).slice(1, -1);
    expect([...written].map((byte) => byCode.get(byte.charCodeAt(0))).join("")).toBe(letters);
    expect(Object.keys(POLISH_CODES)).toHaveLength(16);
  });

  it("keeps Latin-1 letters, drops other accents and replaces what it cannot write", () => {
    expect(pdfString("Müller Žižek a€b")).toBe("(M\xfcller Zizek a?b)");
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
