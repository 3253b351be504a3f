// cleanText case by case: whitespace controls fold into one space, bidi
// overrides are removed and reported, other controls are reported with their
// position, and every cleaned text passes the rule's own isCleanText.
import { describe, expect, it } from "vitest";
import { isCleanText } from "../schemas/forbidden-characters.ts";
import { cleanText } from "./clean-text.ts";

describe("cleanText", () => {
  it("leaves clean text as it is, apart from trimming", () => {
    expect(cleanText("ul. Długa 5")).toEqual({ text: "ul. Długa 5", removedBidi: [] });
    expect(cleanText("  Gdańsk ")).toEqual({ text: "Gdańsk", removedBidi: [] });
    // Ordinary double spaces are the merchant's own; only runs with a control are folded.
    expect(cleanText("Sklep  Kowalski").text).toBe("Sklep  Kowalski");
  });

  it.each([
    ["a newline", "ul. Długa 5\nm. 3", "ul. Długa 5 m. 3"],
    ["CRLF", "Anna\r\nNowak", "Anna Nowak"],
    ["a tab", "Gdańsk\tWrzeszcz", "Gdańsk Wrzeszcz"],
    ["spaces around a line break", "ul. Długa 5 \n  m. 3", "ul. Długa 5 m. 3"],
    ["several line breaks", "a\n\n\r\nb", "a b"],
    ["a vertical tab and a form feed", "a\u000bb\u000cc", "a b c"],
    ["NEL (U+0085)", "a\u0085b", "a b"],
    ["the line and paragraph separators", "a\u2028b\u2029c", "a b c"],
    ["a trailing line break", "80-831\n", "80-831"],
  ])("folds %s into one space", (_, input, expected) => {
    const cleaned = cleanText(input);
    expect(cleaned).toEqual({ text: expected, removedBidi: [] });
    expect(isCleanText(cleaned.text)).toBe(true);
  });

  it("removes bidi override characters and names them once", () => {
    const cleaned = cleanText("\u202eACME\u202c Sp. z o.o. \u202e");
    expect(cleaned).toEqual({ text: "ACME Sp. z o.o.", removedBidi: ["U+202E", "U+202C"] });
    expect(cleanText("a\u2066b\u2069c")).toEqual({
      text: "abc",
      removedBidi: ["U+2066", "U+2069"],
    });
  });

  it("leaves one space where a removed character stood between two", () => {
    expect(cleanText("ACME \u202e Corp").text).toBe("ACME Corp");
  });

  it.each([
    ["NUL", "ul. Dł\u0000uga 5", "U+0000", 7],
    ["ESC", "\u001b[31mGdańsk", "U+001B", 1],
    ["DEL", "Gdańsk\u007f", "U+007F", 7],
    ["a C1 control", "Gda\u0090ńsk", "U+0090", 4],
  ])(
    "reports %s with its position in the text as given, and leaves it out",
    (_, input, character, position) => {
      const cleaned = cleanText(input);
      expect(cleaned.invalid).toEqual({ character, position });
      expect(isCleanText(cleaned.text)).toBe(true);
    },
  );

  it("counts the position in code points, before anything is folded", () => {
    expect(cleanText("ż\n\n😀\u0000").invalid).toEqual({ character: "U+0000", position: 5 });
  });

  it("reports the first invalid character and every bidi character together", () => {
    const cleaned = cleanText("\u202ea\u0000b\u0001");
    expect(cleaned).toEqual({
      text: "ab",
      removedBidi: ["U+202E"],
      invalid: { character: "U+0000", position: 3 },
    });
  });
});
