// Free-text fields of requests (names, companies, streets, cities, labels):
// a string schema that also refuses control and bidi override characters
// (schemas/forbidden-characters.ts), naming the character and its position, under the rule
// code text_forbidden_character.
import { z } from "zod";
import { RULE_CODES } from "../issues/rule-codes.ts";
import { findForbiddenCharacter } from "./forbidden-characters.ts";
import { lazy } from "./lazy-schema.ts";

/** `schema` that also refuses control and bidi override characters. */
export function freeText<S extends z.ZodString>(schema: S): S {
  return schema.check((ctx) => {
    const found = findForbiddenCharacter(ctx.value);
    if (found === undefined) return;
    ctx.issues.push({
      code: "custom",
      input: ctx.value,
      params: {
        rule: RULE_CODES.text_forbidden_character,
        character: found.character,
        position: found.position,
      },
    });
  });
}

/** Free text of any length. */
export const FreeTextSchema = lazy(() => freeText(z.string()));
