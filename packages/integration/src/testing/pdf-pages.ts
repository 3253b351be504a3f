// Test support: reads a PDF the sandbox wrote (uncompressed, as its label and
// protocol writer makes them) into its pages, each with its size in points
// and the texts it shows (Polish letters read by the fonts' /Differences),
// so a test can count the labels of a file and read what each says.

export interface PdfPageText {
  readonly width: number;
  readonly height: number;
  readonly texts: readonly string[];
}

/** The standard glyph names the sandbox's fonts give the Polish letters. */
const GLYPHS: Readonly<Record<string, string>> = {
  Aogonek: "Ą",
  aogonek: "ą",
  Cacute: "Ć",
  cacute: "ć",
  Eogonek: "Ę",
  eogonek: "ę",
  Lslash: "Ł",
  lslash: "ł",
  Nacute: "Ń",
  nacute: "ń",
  Sacute: "Ś",
  sacute: "ś",
  Zacute: "Ź",
  zacute: "ź",
  Zdotaccent: "Ż",
  zdotaccent: "ż",
};

/** The letters of the file's font encoding's /Differences, by code. */
function differences(source: string): Map<string, string> {
  const list = /\/Differences \[([^\]]*)\]/.exec(source)?.[1] ?? "";
  const letters = new Map<string, string>();
  for (const [, code, glyph] of list.matchAll(/(\d+) \/(\w+)/g)) {
    const letter = GLYPHS[glyph ?? ""];
    if (letter !== undefined) letters.set(String.fromCharCode(Number(code)), letter);
  }
  return letters;
}

function unescapePdf(text: string, letters: ReadonlyMap<string, string>): string {
  return [...text.replace(/\\([\\()])/g, "$1")].map((ch) => letters.get(ch) ?? ch).join("");
}

/** The pages of a PDF, in order; throws when the bytes are not a PDF. */
export function pdfPages(bytes: Uint8Array): PdfPageText[] {
  const source = Buffer.from(bytes).toString("latin1");
  if (!source.startsWith("%PDF-")) throw new Error("not a PDF");
  const letters = differences(source);
  const objects = new Map<number, string>();
  for (const match of source.matchAll(/(\d+) 0 obj\n([\s\S]*?)\nendobj/g)) {
    objects.set(Number(match[1]), match[2] ?? "");
  }
  const tree = [...objects.values()].find((body) => body.includes("/Type /Pages"));
  const kids = /\/Kids \[([^\]]*)\]/.exec(tree ?? "")?.[1] ?? "";
  return [...kids.matchAll(/(\d+) 0 R/g)].map((kid) => {
    const page = objects.get(Number(kid[1])) ?? "";
    const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(page);
    const contents = objects.get(Number(/\/Contents (\d+) 0 R/.exec(page)?.[1])) ?? "";
    const texts = [...contents.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)].map((m) =>
      unescapePdf(m[1] ?? "", letters),
    );
    return { width: Number(box?.[1]), height: Number(box?.[2]), texts };
  });
}
