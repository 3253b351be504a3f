// Reads a GET request's query string as the input object of a core schema:
// repeated keys (and `key[]`) become arrays where the schema expects one,
// numeric fields become numbers and `true`/`false` of boolean fields become
// booleans, so that the schema itself names unknown and invalid parameters.
import type { Context } from "hono";

export function queryInput(
  c: Context,
  shape: {
    arrays?: readonly string[];
    numbers?: readonly string[];
    booleans?: readonly string[];
  } = {},
): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [rawKey, values] of Object.entries(c.req.queries())) {
    const key = rawKey.endsWith("[]") ? rawKey.slice(0, -2) : rawKey;
    if (shape.arrays?.includes(key)) {
      input[key] = [
        ...((input[key] as string[] | undefined) ?? []),
        ...values.flatMap((v) => v.split(",")),
      ];
    } else {
      const value = values.at(-1) ?? "";
      if (shape.numbers?.includes(key) && /^-?\d+(\.\d+)?$/.test(value)) input[key] = Number(value);
      else if (shape.booleans?.includes(key) && (value === "true" || value === "false"))
        input[key] = value === "true";
      else input[key] = value;
    }
  }
  return input;
}
