// Reads a request's JSON body. A malformed or missing body, or one that is not
// UTF-8, is a 4xx that says what is wrong with it, never a crash.
import type { Context } from "hono";
import { RestError } from "./rest-error.ts";

/** Largest body the API reads; the guard refuses larger bodies (413) before parsing. */
export const MAX_BODY_BYTES = 1_000_000;

/** The charset parameter of a Content-Type header, lower-cased and unquoted. */
function charsetOf(header: string | undefined): string | undefined {
  for (const param of header?.split(";").slice(1) ?? []) {
    const [name, value] = param.split("=").map((p) => p.trim());
    if (name?.toLowerCase() === "charset" && value !== undefined)
      return value.replace(/^"(.*)"$/, "$1").toLowerCase();
  }
  return undefined;
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The body as text. JSON is UTF-8 (RFC 8259 section 8.1): another declared
 * charset is a 415 and bytes that are not UTF-8 a 400, rather than text
 * silently stored with U+FFFD in place of what the client meant.
 */
async function readUtf8(c: Context): Promise<string> {
  const charset = charsetOf(c.req.header("content-type"));
  if (charset !== undefined && charset !== "utf-8" && charset !== "utf8") {
    const shown = JSON.stringify(charset.slice(0, 40)).slice(1, -1);
    throw new RestError(415, "unsupported_charset", {
      en_GB: `The request body must be UTF-8; charset=${shown} is not supported.`,
      pl_PL: `Treść żądania musi być w UTF-8; charset=${shown} nie jest obsługiwany.`,
    });
  }
  const bytes = await c.req.arrayBuffer();
  try {
    return UTF8.decode(bytes);
  } catch {
    throw new RestError(400, "invalid_utf8", {
      en_GB: "The request body is not valid UTF-8.",
      pl_PL: "Treść żądania nie jest poprawnym tekstem UTF-8.",
    });
  }
}

export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const text = await readUtf8(c);
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
