// A small strict reader of the PDF files the sandbox writes, for tests: it
// follows the cross-reference table (every offset must point at its object),
// the trailer's /Root, the catalog's page tree (/Kids, /Count, /Parent) and
// each page's content stream (its /Length must be true), and returns the
// pages with their media box and the text each shows, with its position,
// decoded by its font's encoding (WinAnsi and the /Differences the writer
// gives the Polish letters), as a reader would show and copy it. `pdfPages`
// gives each page's size and its texts alone.
// Anything it cannot read is an error, so a test that reads a file proves it
// is a well-formed multi-page PDF rather than a string that looks like one.

import { POLISH_CODES } from "../labels/pdf-document.ts";

export interface PdfTextRun {
  readonly text: string;
  readonly x: number;
  readonly y: number;
}

export interface PdfPageView {
  readonly width: number;
  readonly height: number;
  readonly texts: readonly PdfTextRun[];
}

type PdfValue =
  | number
  | string
  | boolean
  | null
  | { readonly name: string }
  | { readonly ref: number }
  | { readonly op: string }
  | readonly PdfValue[]
  | PdfDict;
interface PdfDict {
  readonly dict: ReadonlyMap<string, PdfValue>;
}

const DELIMITERS = "()<>[]{}/%";
const isSpace = (ch: string | undefined) => ch !== undefined && " \t\r\n\f\0".includes(ch);

/** Reads PDF objects (and content-stream operators) from `text` starting at `at`. */
class Tokens {
  at: number;
  readonly #text: string;
  constructor(text: string, at = 0) {
    this.#text = text;
    this.at = at;
  }

  #skip(): void {
    for (;;) {
      while (isSpace(this.#text[this.at])) this.at++;
      if (this.#text[this.at] !== "%") return;
      while (this.at < this.#text.length && !"\r\n".includes(this.#text[this.at] ?? "")) this.at++;
    }
  }

  done(): boolean {
    this.#skip();
    return this.at >= this.#text.length;
  }

  #word(): string {
    const start = this.at;
    while (
      this.at < this.#text.length &&
      !isSpace(this.#text[this.at]) &&
      !DELIMITERS.includes(this.#text[this.at] ?? "")
    )
      this.at++;
    return this.#text.slice(start, this.at);
  }

  #string(): string {
    let depth = 1;
    let out = "";
    this.at++;
    for (;;) {
      const ch = this.#text[this.at++];
      if (ch === undefined) throw new Error("PDF: unterminated string");
      if (ch === "\\") {
        const next = this.#text[this.at++] ?? "";
        out += { n: "\n", r: "\r", t: "\t", b: "\b", f: "\f" }[next] ?? next;
      } else if (ch === "(") {
        depth++;
        out += ch;
      } else if (ch === ")") {
        if (--depth === 0) return out;
        out += ch;
      } else out += ch;
    }
  }

  /** The next value; a bare word that is not a number, boolean or null is an operator. */
  value(): PdfValue {
    this.#skip();
    const ch = this.#text[this.at];
    if (ch === undefined) throw new Error("PDF: unexpected end of input");
    if (ch === "(") return this.#string();
    if (ch === "/") {
      this.at++;
      return { name: this.#word() };
    }
    if (ch === "[") {
      this.at++;
      const items: PdfValue[] = [];
      for (;;) {
        this.#skip();
        if (this.#text[this.at] === "]") {
          this.at++;
          return items;
        }
        items.push(this.#item());
      }
    }
    if (this.#text.startsWith("<<", this.at)) {
      this.at += 2;
      const dict = new Map<string, PdfValue>();
      for (;;) {
        this.#skip();
        if (this.#text.startsWith(">>", this.at)) {
          this.at += 2;
          return { dict };
        }
        const key = this.value();
        if (typeof key !== "object" || key === null || !("name" in key))
          throw new Error(`PDF: a dictionary key must be a name at ${this.at}`);
        dict.set(key.name, this.#item());
      }
    }
    if (DELIMITERS.includes(ch)) throw new Error(`PDF: unexpected ${ch} at ${this.at}`);
    const word = this.#word();
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) return Number(word);
    if (word === "true" || word === "false") return word === "true";
    if (word === "null") return null;
    return { op: word };
  }

  /** A value inside an array or dictionary: `n g R` is a reference. */
  #item(): PdfValue {
    const first = this.value();
    if (typeof first !== "number" || !Number.isInteger(first)) return first;
    const mark = this.at;
    this.#skip();
    const generation = /^(\d+)\s+R(?![^\s/<>[\]()])/.exec(this.#text.slice(this.at, this.at + 20));
    if (generation) {
      this.at += generation[0].length;
      return { ref: first };
    }
    this.at = mark;
    return first;
  }
}

function dictOf(value: PdfValue | undefined, what: string): ReadonlyMap<string, PdfValue> {
  if (typeof value === "object" && value !== null && "dict" in value) return value.dict;
  throw new Error(`PDF: ${what} is not a dictionary`);
}

function refOf(value: PdfValue | undefined, what: string): number {
  if (typeof value === "object" && value !== null && "ref" in value) return value.ref;
  throw new Error(`PDF: ${what} is not a reference`);
}

function nameOf(value: PdfValue | undefined): string | undefined {
  return typeof value === "object" && value !== null && "name" in value ? value.name : undefined;
}

function numberOf(value: PdfValue | undefined, what: string): number {
  if (typeof value === "number") return value;
  throw new Error(`PDF: ${what} is not a number`);
}

interface PdfObject {
  readonly value: PdfValue;
  readonly stream?: string;
}

/** Reads the whole file: header, cross-references, trailer, page tree and contents. */
export function readPdf(bytes: Uint8Array): { readonly pages: readonly PdfPageView[] } {
  const text = Buffer.from(bytes).toString("latin1");
  if (!/^%PDF-1\.\d\n/.test(text)) throw new Error("PDF: no %PDF-1.x header");
  const tail = /startxref\n(\d+)\n%%EOF\n?$/.exec(text);
  if (!tail) throw new Error("PDF: no startxref and %%EOF at the end");
  const xrefAt = Number(tail[1]);
  const table = /^xref\n0 (\d+)\n/.exec(text.slice(xrefAt));
  if (!table) throw new Error("PDF: startxref does not point at an xref table");
  const size = Number(table[1]);
  const entriesAt = xrefAt + table[0].length;
  const objects = new Map<number, PdfObject>();
  for (let n = 0; n < size; n++) {
    const entry = text.slice(entriesAt + n * 20, entriesAt + (n + 1) * 20);
    const parsed = /^(\d{10}) (\d{5}) ([nf]) \n$/.exec(entry);
    if (!parsed) throw new Error(`PDF: xref entry ${n} is malformed`);
    if (parsed[3] === "f") continue;
    const offset = Number(parsed[1]);
    const header = `${n} 0 obj\n`;
    if (text.slice(offset, offset + header.length) !== header)
      throw new Error(`PDF: xref offset of object ${n} does not point at it`);
    const tokens = new Tokens(text, offset + header.length);
    const value = tokens.value();
    let stream: string | undefined;
    const rest = text.slice(tokens.at);
    if (rest.startsWith("\nstream\n")) {
      const length = numberOf(dictOf(value, `object ${n}`).get("Length"), "/Length");
      const start = tokens.at + "\nstream\n".length;
      stream = text.slice(start, start + length);
      if (!text.startsWith("endstream", start + length))
        throw new Error(`PDF: the /Length of object ${n} is not the stream's length`);
      tokens.at = start + length + "endstream".length;
    }
    if (!text.startsWith("\nendobj\n", tokens.at)) throw new Error(`PDF: object ${n} not closed`);
    objects.set(n, stream === undefined ? { value } : { value, stream });
  }
  const trailerAt = entriesAt + size * 20;
  if (!text.startsWith("trailer\n", trailerAt)) throw new Error("PDF: no trailer");
  const trailer = dictOf(new Tokens(text, trailerAt + "trailer\n".length).value(), "trailer");
  if (numberOf(trailer.get("Size"), "/Size") !== size)
    throw new Error("PDF: /Size differs from the xref table");
  const get = (ref: number): PdfObject => {
    const object = objects.get(ref);
    if (!object) throw new Error(`PDF: object ${ref} is missing`);
    return object;
  };
  const catalog = dictOf(get(refOf(trailer.get("Root"), "/Root")).value, "the catalog");
  if (nameOf(catalog.get("Type")) !== "Catalog") throw new Error("PDF: /Root is not a /Catalog");
  const pages: PdfPageView[] = [];
  const walk = (ref: number, parent: number | undefined): number => {
    const node = dictOf(get(ref).value, `object ${ref}`);
    if (parent !== undefined && refOf(node.get("Parent"), "/Parent") !== parent)
      throw new Error(`PDF: /Parent of ${ref} is wrong`);
    const type = nameOf(node.get("Type"));
    if (type === "Page") {
      pages.push(pageView(node, get));
      return 1;
    }
    if (type !== "Pages") throw new Error(`PDF: object ${ref} in the page tree is a ${type}`);
    const kids = node.get("Kids");
    if (!Array.isArray(kids)) throw new Error("PDF: /Kids is not an array");
    const count = kids.reduce(
      (sum: number, kid: PdfValue) => sum + walk(refOf(kid, "a kid"), ref),
      0,
    );
    if (numberOf(node.get("Count"), "/Count") !== count)
      throw new Error(`PDF: /Count of ${ref} is not its number of pages`);
    return count;
  };
  walk(refOf(catalog.get("Pages"), "/Pages"), undefined);
  return { pages };
}

/** The glyph names the writer's /Differences use, as the letters they draw. */
const GLYPHS: ReadonlyMap<string, string> = new Map(
  Object.entries(POLISH_CODES).map(([letter, { glyph }]) => [glyph, letter]),
);

const WIN_ANSI = new TextDecoder("windows-1252");

type Decode = (bytes: string) => string;

/** How a font's bytes read: its /Differences, then WinAnsi (Windows-1252; its undefined codes are errors). */
function fontDecoder(font: ReadonlyMap<string, PdfValue>): Decode {
  const encoding = font.get("Encoding");
  const differences = new Map<number, string>();
  if (nameOf(encoding) !== "WinAnsiEncoding") {
    const dict = dictOf(encoding, "a font's /Encoding");
    if (nameOf(dict.get("BaseEncoding")) !== "WinAnsiEncoding")
      throw new Error("PDF: a font's encoding is not based on WinAnsi");
    const list = dict.get("Differences");
    if (!Array.isArray(list)) throw new Error("PDF: /Differences is not an array");
    let at = -1;
    for (const item of list as readonly PdfValue[]) {
      if (typeof item === "number") at = item;
      else {
        const glyph = nameOf(item);
        const char = glyph === undefined ? undefined : GLYPHS.get(glyph);
        if (char === undefined || at < 0) throw new Error(`PDF: unknown glyph ${glyph}`);
        differences.set(at++, char);
      }
    }
  }
  return (bytes) =>
    [...bytes]
      .map((byte) => {
        const code = byte.charCodeAt(0);
        const char = differences.get(code);
        if (char !== undefined) return char;
        const winAnsi = WIN_ANSI.decode(new Uint8Array([code]));
        if (code >= 0x80 && code < 0xa0 && (winAnsi.codePointAt(0) ?? 0) < 0xa0)
          throw new Error(`PDF: code ${code} has no character in WinAnsi`);
        return winAnsi;
      })
      .join("");
}

function pageView(
  page: ReadonlyMap<string, PdfValue>,
  get: (ref: number) => PdfObject,
): PdfPageView {
  const resources = dictOf(page.get("Resources"), "/Resources");
  const fonts = dictOf(resources.get("Font"), "/Font");
  const decoders = new Map<string, Decode>();
  for (const [name, ref] of fonts)
    decoders.set(name, fontDecoder(dictOf(get(refOf(ref, `font ${name}`)).value, name)));
  let decode: Decode | undefined;
  const box = page.get("MediaBox");
  if (!Array.isArray(box) || box.length !== 4) throw new Error("PDF: a page has no /MediaBox");
  const [x0, y0, x1, y1] = box.map((v: PdfValue) => numberOf(v, "/MediaBox"));
  const stream = get(refOf(page.get("Contents"), "/Contents")).stream;
  if (stream === undefined) throw new Error("PDF: /Contents is not a stream");
  const texts: PdfTextRun[] = [];
  const operands: PdfValue[] = [];
  let position = { x: 0, y: 0 };
  const tokens = new Tokens(stream);
  while (!tokens.done()) {
    const value = tokens.value();
    if (typeof value !== "object" || value === null || !("op" in value)) {
      operands.push(value);
      continue;
    }
    if (value.op === "Tf") {
      const font = nameOf(operands.at(-2));
      decode = font === undefined ? undefined : decoders.get(font);
      if (decode === undefined) throw new Error(`PDF: Tf names no font of the page: ${font}`);
    }
    if (value.op === "Td")
      position = { x: numberOf(operands.at(-2), "Td x"), y: numberOf(operands.at(-1), "Td y") };
    if (value.op === "Tj") {
      const shown = operands.at(-1);
      if (typeof shown !== "string") throw new Error("PDF: Tj without a string");
      if (decode === undefined) throw new Error("PDF: Tj before any Tf");
      texts.push({ text: decode(shown), ...position });
    }
    operands.length = 0;
  }
  return { width: (x1 ?? 0) - (x0 ?? 0), height: (y1 ?? 0) - (y0 ?? 0), texts };
}

/** A page's size in points and the texts it shows, in order. */
export interface PdfPageText {
  readonly width: number;
  readonly height: number;
  readonly texts: readonly string[];
}

/** The pages of a PDF the sandbox wrote, read strictly (see readPdf). */
export function pdfPages(bytes: Uint8Array): PdfPageText[] {
  return readPdf(bytes).pages.map((page) => ({
    width: page.width,
    height: page.height,
    texts: page.texts.map((run) => run.text),
  }));
}
