// Reads a GET request's query string as the input object of a core schema:
// repeated keys (and `key[]`) become arrays where the schema expects one and
// are refused elsewhere (400 duplicate_parameter: the last one silently
// winning hides a client's mistake); numeric fields become numbers and
// `true`/`false` of boolean fields become booleans, so that the schema itself
// names unknown and invalid parameters.
import type { Language } from "@shipbridge/core";
import { DEFAULT_LANGUAGE } from "@shipbridge/core/internal";
import type { Context } from "hono";
import type { SandboxEnv } from "../../context.ts";
import { RestError } from "./rest-error.ts";

/** The query's parameters in order of first appearance, each with all its values. */
function queryEntries(url: string): Map<string, string[]> {
  const entries = new Map<string, string[]>();
  for (const [key, value] of new URL(url).searchParams) {
    const values = entries.get(key);
    if (values) values.push(value);
    else entries.set(key, [value]);
  }
  return entries;
}

function duplicateParameter(key: string, language: Language): RestError {
  const shown = key.slice(0, 60);
  const localized = {
    en_GB: `The query parameter ${shown} is given more than once; give it once.`,
    pl_PL: `Parametr zapytania ${shown} podano więcej niż raz; podaj go raz.`,
  };
  // The entry names the parameter as its path, like every validation error.
  return new RestError(400, "duplicate_parameter", localized, {
    errors: [{ path: shown, message: localized[language] }],
  });
}

export function queryInput(
  c: Context<SandboxEnv>,
  shape: {
    arrays?: readonly string[];
    numbers?: readonly string[];
    booleans?: readonly string[];
  } = {},
): Record<string, unknown> {
  // No prototype: __proto__ or constructor are keys like any other, which the
  // schema refuses as unknown.
  const input: Record<string, unknown> = Object.create(null);
  for (const [rawKey, values] of queryEntries(c.req.url)) {
    const key = rawKey.endsWith("[]") ? rawKey.slice(0, -2) : rawKey;
    if (shape.arrays?.includes(key)) {
      input[key] = [
        ...((input[key] as string[] | undefined) ?? []),
        ...values.flatMap((v) => v.split(",")),
      ];
    } else {
      if (values.length > 1 || Object.hasOwn(input, key))
        throw duplicateParameter(key, c.get("language") ?? DEFAULT_LANGUAGE);
      const value = values[0] ?? "";
      if (shape.numbers?.includes(key) && /^-?\d+(\.\d+)?$/.test(value)) input[key] = Number(value);
      else if (shape.booleans?.includes(key) && (value === "true" || value === "false"))
        input[key] = value === "true";
      else input[key] = value;
    }
  }
  return input;
}
