// Reads a request's JSON body. A malformed or missing body is a 400 that says
// what is wrong with it, never a crash.
import type { Context } from "hono";
import { RestError } from "./rest-error.ts";

/** Largest body the API reads; the guard refuses larger bodies (413) before parsing. */
export const MAX_BODY_BYTES = 1_000_000;

export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.trim() === "") {
    throw new RestError(400, "body_required", {
      en_GB: "The request needs a JSON body.",
      pl_PL: "Żądanie wymaga treści w formacie JSON.",
    });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof SyntaxError ? error.message : "unreadable";
    throw new RestError(400, "malformed_json", {
      en_GB: `The request body is not valid JSON: ${detail}.`,
      pl_PL: `Treść żądania nie jest poprawnym JSON-em: ${detail}.`,
    });
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new RestError(400, "body_not_object", {
      en_GB: "The request body must be a JSON object.",
      pl_PL: "Treść żądania musi być obiektem JSON.",
    });
  }
  return parsed as Record<string, unknown>;
}
