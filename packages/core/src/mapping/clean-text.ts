// Address text from a store, cleaned before it goes into a package. The
// service refuses control and bidi override characters in names, companies,
// streets, postcodes, cities and counties (schemas/forbidden-characters.ts), yet a store's
// address can legitimately hold a line break or a tab: merchants paste
// addresses, and a second address line may carry a newline. So:
// - a run of whitespace holding a line break, a tab or another whitespace
//   control (CR, LF, VT, FF, NEL, U+2028, U+2029) becomes one space, and the
//   text is trimmed;
// - bidi override characters (U+202A–U+202E, U+2066–U+2069) are removed: they
//   change how an address is displayed, not what it says; the caller warns;
// - any other control character (NUL, ESC, DEL, ...) is genuinely invalid: it
//   is reported, with its position in the text as given, for the caller to
//   turn into an error, and left out of the cleaned text.
// What counts as forbidden is the rule's own findForbiddenCharacter.
import {
  type ForbiddenCharacter,
  findForbiddenCharacter,
  isCleanText,
} from "../schemas/forbidden-characters.ts";

/** A run of whitespace; it is folded when it holds a control or a line/paragraph separator. */
const WHITESPACE_RUN = /\p{White_Space}+/gu;
const WHITESPACE = /\p{White_Space}/u;
const LINE_BREAK_OR_CONTROL = /[\p{Cc}\p{Zl}\p{Zp}]/u;
/** Forbidden characters that are controls; the rule's other forbidden characters are the bidi overrides. */
const CONTROL = /\p{Cc}/u;

export interface CleanedText {
  /** The text with whitespace controls folded, bidi overrides and invalid characters removed, trimmed. */
  readonly text: string;
  /** The bidi override characters removed, as code points (`U+202E`), each once. */
  readonly removedBidi: readonly string[];
  /** The first genuinely invalid character (NUL, ESC, DEL, C1), at its 1-based position in the input. */
  readonly invalid?: ForbiddenCharacter;
}

/** Cleans one address text (see the file comment). */
export function cleanText(input: string): CleanedText {
  const folded = input.replace(WHITESPACE_RUN, (run) =>
    LINE_BREAK_OR_CONTROL.test(run) ? " " : run,
  );
  if (isCleanText(folded)) return { text: folded.trim(), removedBidi: [] };
  const removedBidi = new Set<string>();
  let invalid: ForbiddenCharacter | undefined;
  let position = 0;
  for (const char of input) {
    position++;
    const found = findForbiddenCharacter(char);
    if (found === undefined || WHITESPACE.test(char)) continue;
    if (!CONTROL.test(char)) removedBidi.add(found.character);
    else invalid ??= { character: found.character, position };
  }
  // Remove what is left, without leaving two spaces where a removed character stood between them.
  let kept = "";
  let removedHere = false;
  for (const char of folded) {
    if (!isCleanText(char)) {
      removedHere = true;
      continue;
    }
    const doubledSpace = removedHere && WHITESPACE.test(char) && WHITESPACE.test(kept.at(-1) ?? "");
    removedHere = false;
    if (!doubledSpace) kept += char;
  }
  return {
    text: kept.trim(),
    removedBidi: [...removedBidi],
    ...(invalid === undefined ? {} : { invalid }),
  };
}
