// Tests of the free-text rule, case by case: each kind of forbidden character
// (C0, DEL, C1, bidi embeddings, overrides and isolates) with its code point
// and position, and the ordinary text that must pass (Polish letters,
// punctuation, emoji and the harmless direction marks).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findForbiddenCharacter, isCleanText } from "./forbidden-characters.ts";

describe("findForbiddenCharacter", () => {
  it("passes ordinary names, streets and cities", () => {
    for (const text of [
      "Zażółć Gęślą Jaźń",
      "ul. Marszałkowska 10/12 m. 5",
      "Łódź",
      "O'Brien & Söhne GmbH",
      "Kraków 🚚",
      "שלום", // right-to-left letters are not overrides
      "a\u200eb\u200fc", // LRM and RLM marks reorder nothing
      "",
    ]) {
      expect(findForbiddenCharacter(text), text).toBeUndefined();
      expect(isCleanText(text)).toBe(true);
    }
  });

  it("finds C0 control characters, NUL, tab and line breaks included", () => {
    expect(findForbiddenCharacter("Jan\u0000")).toEqual({ character: "U+0000", position: 4 });
    expect(findForbiddenCharacter("\tJan")).toEqual({ character: "U+0009", position: 1 });
    expect(findForbiddenCharacter("Jan\nKowalski")).toEqual({ character: "U+000A", position: 4 });
    expect(findForbiddenCharacter("Jan\r")).toEqual({ character: "U+000D", position: 4 });
    expect(findForbiddenCharacter("a\u001bb")).toEqual({ character: "U+001B", position: 2 });
    expect(findForbiddenCharacter("a\u001f")).toEqual({ character: "U+001F", position: 2 });
  });

  it("finds DEL and the C1 control characters", () => {
    expect(findForbiddenCharacter("a\u007f")).toEqual({ character: "U+007F", position: 2 });
    expect(findForbiddenCharacter("\u0080")).toEqual({ character: "U+0080", position: 1 });
    expect(findForbiddenCharacter("x\u0085y")).toEqual({ character: "U+0085", position: 2 });
    expect(findForbiddenCharacter("\u009f")).toEqual({ character: "U+009F", position: 1 });
    expect(findForbiddenCharacter("\u00a0")).toBeUndefined(); // no-break space is text
  });

  it("finds every bidi embedding, override and isolate", () => {
    const bidi = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069];
    for (const code of bidi) {
      const char = String.fromCodePoint(code);
      expect(findForbiddenCharacter(`Warszawa${char}`)).toEqual({
        character: `U+${code.toString(16).toUpperCase()}`,
        position: 9,
      });
    }
    expect(findForbiddenCharacter("\u2065\u206a")).toBeUndefined();
  });

  it("counts the position in characters, not UTF-16 units", () => {
    expect(findForbiddenCharacter("🚚🚚\u202e")).toEqual({ character: "U+202E", position: 3 });
  });

  it("reports the first of several", () => {
    expect(findForbiddenCharacter("a\u202eb\u0000")).toEqual({ character: "U+202E", position: 2 });
  });

  it("agrees with isCleanText on any text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        return isCleanText(text) === (findForbiddenCharacter(text) === undefined);
      }),
      { numRuns: 3000 },
    );
  });
});
