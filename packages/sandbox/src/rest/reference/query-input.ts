// Reads a GET request's query string as the input object of a core schema:
// repeated keys (and `key[]`) become arrays where the schema expects one, and
// numeric fields become numbers, so that the schema itself names unknown and
// invalid parameters.
import type { Context } from "hono";

export function queryInput(
  c: Context,
  shape: { arrays?: readonly string[]; numbers?: readonly string[] } = {},
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
      input[key] =
        shape.numbers?.includes(key) && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
    }
  }
  return input;
}
