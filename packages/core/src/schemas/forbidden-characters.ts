// Free text that reaches a label, a courier's scanner or a person's screen
// (names, companies, streets, cities, labels) must not carry invisible
// characters: C0 and C1 control characters (NUL, tab, line breaks, escape,
// DEL, U+0080–U+009F) break label printers and CSV exports, and the bidi
// embedding, override and isolate characters (U+202A–U+202E, U+2066–U+2069)
// make a text display in another order than it is stored ("Trojan Source"),
// so that a shown address is not the one sent.

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this rule's purpose.
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

/** A forbidden character found in a text: its code point (U+202E) and 1-based position. */
export interface ForbiddenCharacter {
  readonly character: string;
  readonly position: number;
}

function codePointName(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
}

/** The first control or bidi override character in `text`, or undefined when it has none. */
export function findForbiddenCharacter(text: string): ForbiddenCharacter | undefined {
  if (!FORBIDDEN.test(text)) return undefined;
  let position = 0;
  for (const char of text) {
    position++;
    if (FORBIDDEN.test(char)) return { character: codePointName(char), position };
  }
  return undefined;
}

/** True when `text` holds no control or bidi override character. */
export function isCleanText(text: string): boolean {
  return !FORBIDDEN.test(text);
}
