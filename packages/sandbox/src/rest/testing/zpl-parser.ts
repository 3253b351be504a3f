// A small strict parser of ZPL II, for tests: the commands the sandbox's
// labels use (^XA, ^XZ, ^CI, ^FO, ^A0, ^BY, ^BC, ^FH, ^FD, ^FS) with their
// parameters checked (after ^FH, a field's data carries hexadecimal escapes
// such as _5E for ^, which are read back), every label opened by ^XA and closed by ^XZ, every
// field placed by ^FO, given data by ^FD and closed by ^FS before the next
// field or the label's end, and nothing but whitespace between labels. Any
// other command, a tilde command or a stray character is an error, so a file
// it reads is one a printer accepts as labels.

export interface ZplField {
  readonly x: number;
  readonly y: number;
  /** "text" after ^A0, "code128" after ^BC. */
  readonly kind: "text" | "code128";
  readonly data: string;
}

export interface ZplLabel {
  readonly fields: readonly ZplField[];
}

const ORIENTATIONS = new Set(["N", "R", "I", "B"]);
const YES_NO = new Set(["Y", "N"]);

function integer(value: string | undefined, what: string, min: number, max: number): number {
  if (value === undefined || !/^\d+$/.test(value)) throw new Error(`ZPL: ${what} must be a number`);
  const n = Number(value);
  if (n < min || n > max) throw new Error(`ZPL: ${what} must be from ${min} to ${max}`);
  return n;
}

function orientation(value: string | undefined, what: string): void {
  if (value === undefined || !ORIENTATIONS.has(value))
    throw new Error(`ZPL: ${what} orientation must be N, R, I or B`);
}

function flag(value: string | undefined, what: string): void {
  if (value !== undefined && value !== "" && !YES_NO.has(value))
    throw new Error(`ZPL: ${what} must be Y or N`);
}

/** Field data after ^FH: each escape character and two hexadecimal digits is that byte. */
function fieldData(data: string, escapeChar: string): string {
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  for (let i = 0; i < data.length; i++) {
    const char = data[i] as string;
    if (char !== escapeChar) {
      bytes.push(...encoder.encode(char));
      continue;
    }
    const hex = data.slice(i + 1, i + 3);
    if (!/^[0-9A-Fa-f]{2}$/.test(hex))
      throw new Error("ZPL: an ^FH escape must be followed by two hexadecimal digits");
    bytes.push(Number.parseInt(hex, 16));
    i += 2;
  }
  return new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array(bytes));
}

/** The labels of a ZPL file; throws on anything a strict printer would not take. */
export function parseZpl(source: string): ZplLabel[] {
  if (source.includes("~")) throw new Error("ZPL: tilde commands are not expected");
  const labels: ZplLabel[] = [];
  let fields: ZplField[] | undefined;
  let origin: { x: number; y: number } | undefined;
  let kind: ZplField["kind"] | undefined;
  let data: string | undefined;
  /** The escape character ^FH set for the open field. */
  let escapeChar: string | undefined;
  let at = 0;
  while (at < source.length) {
    const caret = source.indexOf("^", at);
    const gap = source.slice(at, caret === -1 ? source.length : caret);
    if (gap.trim() !== "") throw new Error(`ZPL: stray text ${JSON.stringify(gap.trim())}`);
    if (caret === -1) break;
    const next = source.indexOf("^", caret + 1);
    const command = source.slice(caret + 1, next === -1 ? source.length : next).replace(/\s+$/, "");
    at = next === -1 ? source.length : next;
    const code = command.slice(0, 2);
    const params = command.slice(2).split(",");
    if (code !== "XA" && fields === undefined)
      throw new Error(`ZPL: ^${code} outside a label (^XA first)`);
    switch (code) {
      case "XA":
        if (fields !== undefined) throw new Error("ZPL: ^XA inside an open label");
        if (command !== "XA") throw new Error("ZPL: ^XA takes no parameters");
        fields = [];
        break;
      case "XZ":
        if (command !== "XZ") throw new Error("ZPL: ^XZ takes no parameters");
        if (origin !== undefined) throw new Error("ZPL: ^XZ with a field still open (^FS missing)");
        labels.push({ fields: fields ?? [] });
        fields = undefined;
        break;
      case "CI":
        integer(params[0], "^CI character set", 0, 36);
        break;
      case "FO":
        if (origin !== undefined) throw new Error("ZPL: ^FO before the previous field's ^FS");
        origin = {
          x: integer(params[0], "^FO x", 0, 32000),
          y: integer(params[1], "^FO y", 0, 32000),
        };
        kind = undefined;
        data = undefined;
        escapeChar = undefined;
        break;
      case "FH": {
        if (origin === undefined) throw new Error("ZPL: ^FH outside a field (^FO first)");
        const given = command.slice(2);
        if (given.length > 1) throw new Error("ZPL: ^FH takes one escape character");
        escapeChar = given === "" ? "_" : given;
        break;
      }
      case "A0":
        if (origin === undefined) throw new Error("ZPL: ^A0 outside a field (^FO first)");
        orientation(params[0], "^A0");
        integer(params[1], "^A0 height", 10, 32000);
        integer(params[2], "^A0 width", 10, 32000);
        kind = "text";
        break;
      case "BY":
        integer(params[0], "^BY module width", 1, 10);
        if (params[1] !== undefined && params[1] !== "") {
          const ratio = Number(params[1]);
          if (!(ratio >= 2 && ratio <= 3))
            throw new Error("ZPL: ^BY ratio must be from 2.0 to 3.0");
        }
        if (params[2] !== undefined) integer(params[2], "^BY height", 1, 32000);
        break;
      case "BC":
        if (origin === undefined) throw new Error("ZPL: ^BC outside a field (^FO first)");
        orientation(params[0], "^BC");
        integer(params[1], "^BC height", 1, 32000);
        for (const [i, what] of ["interpretation line", "above", "check digit"].entries())
          flag(params[i + 2], `^BC ${what}`);
        if (params[5] !== undefined && !["N", "U", "A", "D"].includes(params[5]))
          throw new Error("ZPL: ^BC mode must be N, U, A or D");
        kind = "code128";
        break;
      case "FD":
        if (origin === undefined) throw new Error("ZPL: ^FD outside a field (^FO first)");
        if (kind === undefined) throw new Error("ZPL: ^FD without a font (^A0) or barcode (^BC)");
        if (data !== undefined) throw new Error("ZPL: a second ^FD in one field");
        data =
          escapeChar === undefined ? command.slice(2) : fieldData(command.slice(2), escapeChar);
        if (next === -1 || !source.startsWith("^FS", next))
          throw new Error("ZPL: ^FD not closed by ^FS");
        if (kind === "code128" && !/^[\x20-\x7e]+$/.test(data))
          throw new Error("ZPL: Code 128 data must be printable ASCII");
        break;
      case "FS":
        if (command !== "FS") throw new Error("ZPL: ^FS takes no parameters");
        if (origin === undefined || kind === undefined || data === undefined)
          throw new Error("ZPL: ^FS closes no field (^FO, ^A0 or ^BC and ^FD first)");
        fields?.push({ ...origin, kind, data });
        origin = undefined;
        break;
      default:
        throw new Error(`ZPL: unknown command ^${code}`);
    }
  }
  if (fields !== undefined) throw new Error("ZPL: a label is not closed (^XZ missing)");
  return labels;
}
