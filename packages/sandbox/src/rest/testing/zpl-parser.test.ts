// The tests' ZPL parser reads the commands of a label and refuses what a
// printer would not take: unclosed fields and labels, unknown commands, bad
// parameters and stray text.
import { describe, expect, it } from "vitest";
import { parseZpl } from "./zpl-parser.ts";

const label = [
  "^XA",
  "^CI28",
  "^FO40,40^A0N,40,40^FDDPD SANDBOX^FS",
  "^FO40,200^BY3^BCN,160,Y,N,N^FD6000000100012345678901^FS",
  "^XZ",
].join("\n");

describe("parseZpl", () => {
  it("reads each label's fields with their origin, kind and data", () => {
    expect(parseZpl(`${label}\n${label}\n`)).toEqual([
      {
        fields: [
          { x: 40, y: 40, kind: "text", data: "DPD SANDBOX" },
          { x: 40, y: 200, kind: "code128", data: "6000000100012345678901" },
        ],
      },
      expect.anything(),
    ]);
  });

  it("reads a field's hexadecimal escapes after ^FH (^ and ~ in data), and UTF-8 as it is", () => {
    const escaped = label.replace("^FDDPD SANDBOX^FS", "^FH^FDŁódź _5E_7E _5F^FS");
    expect(parseZpl(escaped)[0]?.fields[0]?.data).toBe("Łódź ^~ _");
    const other = label.replace("^FDDPD SANDBOX^FS", "^FH\\^FDa\\5Eb^FS");
    expect(parseZpl(other)[0]?.fields[0]?.data).toBe("a^b");
  });

  it.each([
    ["an escape that is not two hexadecimal digits", label.replace("^FDDPD", "^FH^FD_ZZDPD")],
    ["^FH outside a field", label.replace("^CI28", "^CI28^FH")],
    ["a field without ^FS", label.replace("SANDBOX^FS", "SANDBOX")],
    ["a label without ^XZ", label.replace("^XZ", "")],
    ["a command outside a label", `^FO1,1${label}`],
    ["^FD without ^FO", label.replace("^FO40,40^A0N", "^A0N")],
    ["^FD without a font or barcode", label.replace("^A0N,40,40", "")],
    ["an unknown command", label.replace("^CI28", "^ZZ1")],
    ["a bad orientation", label.replace("^A0N", "^A0Q")],
    ["a bad number", label.replace("^FO40,40", "^FO40,x")],
    ["stray text", `hello\n${label}`],
    ["a tilde command", `~JA\n${label}`],
    ["a nested ^XA", label.replace("^CI28", "^XA")],
  ])("refuses %s", (_name, source) => {
    expect(() => parseZpl(source)).toThrow(/^ZPL: /);
  });
});
