// The PDF writer's output is a well-formed PDF: header, objects at the offsets
// the cross-reference table claims, a trailer and %%EOF.
import { describe, expect, it } from "vitest";
import { PAGE_SIZES, pdfString, renderPdf, renderPdfPages } from "./pdf-document.ts";

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

  it("writes the text, with diacritics dropped and specials escaped", () => {
    expect(pdf).toContain("(6000000100012345678901) Tj");
    expect(pdf).toContain("(Lodz \\(Baluty\\) \\\\ 123) Tj");
    expect(pdf).toContain("/MediaBox [0 0 298 420]");
  });

  it("replaces characters outside ASCII", () => {
    expect(pdfString("a€b")).toBe("(a?b)");
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
