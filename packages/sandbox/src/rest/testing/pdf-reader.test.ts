// The tests' PDF reader follows a real page tree and refuses files that only
// look like PDFs: a wrong offset, a wrong /Length or a wrong /Count; it reads
// the Polish letters by the fonts' encoding.
import { describe, expect, it } from "vitest";
import { PAGE_SIZES, renderPdfPages } from "../labels/pdf-document.ts";
import { readPdf } from "./pdf-reader.ts";

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1");
const bytesOf = (text: string) => new Uint8Array(Buffer.from(text, "latin1"));

const pdf = renderPdfPages([
  { ...PAGE_SIZES.a6, texts: [{ x: 10, y: 400, size: 12, text: "first (1/2)" }] },
  {
    ...PAGE_SIZES.a4,
    texts: [
      { x: 20, y: 800, size: 12, text: "second" },
      {
        x: 320,
        y: 380.5,
        size: 9,
        text: "Łódź, ul. Świętego Mikołaja: zażółć gęślą jaźń",
        bold: true,
      },
    ],
    rects: [{ x: 1, y: 2, width: 3, height: 4 }],
  },
]);

describe("readPdf", () => {
  it("reads every page of the tree with its size and the text it shows", () => {
    expect(readPdf(pdf).pages).toEqual([
      { width: 298, height: 420, texts: [{ text: "first (1/2)", x: 10, y: 400 }] },
      {
        width: 595,
        height: 842,
        texts: [
          { text: "second", x: 20, y: 800 },
          { text: "Łódź, ul. Świętego Mikołaja: zażółć gęślą jaźń", x: 320, y: 380.5 },
        ],
      },
    ]);
  });

  it("refuses a wrong /Count, a wrong stream /Length, an object not at its offset and a cut file", () => {
    const text = latin1(pdf);
    expect(() => readPdf(bytesOf(text.replace("/Count 2", "/Count 3")))).toThrow(/Count/);
    expect(() => readPdf(bytesOf(text.replace(/\/Length (\d+)/, "/Length 1$1")))).toThrow();
    expect(() => readPdf(bytesOf(text.replace("\n1 0 obj", "\n1 1 obj")))).toThrow(/offset/);
    expect(() => readPdf(bytesOf(text.slice(0, -10)))).toThrow(/EOF/);
    expect(() => readPdf(bytesOf("%PDF-1.4\n(hello) Tj\n%%EOF\n"))).toThrow();
  });
});
