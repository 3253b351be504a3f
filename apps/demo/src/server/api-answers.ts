// How the dashboard's API answers: the language a request asks for, and
// errors as `{ error: { code, message, issues? } }` in that language.
import type { Context } from "hono";
import { type Language, pickLanguage, say } from "./language.ts";
import { nameIssue } from "./people-names.ts";

export type ApiIssue = { path: string; rule: string; message: string };

export function languageOf(c: Context): Language {
  return pickLanguage(c.req.query("lang"), c.req.header("accept-language"));
}

export function apiError(
  c: Context,
  status: 400 | 403 | 404 | 409 | 415 | 502 | 503,
  code: string,
  message: string,
  issues?: ApiIssue[],
) {
  const language = languageOf(c);
  // Each problem names its field for people too ("Telefon odbiorcy").
  const named = issues?.map((issue) => nameIssue(issue, language));
  return c.json({ error: { code, message, ...(named ? { issues: named } : {}) } }, status);
}

/** 400 for a request whose fields break rules: every field and rule at once. */
export function invalidRequest(c: Context, issues: ApiIssue[]) {
  return apiError(
    c,
    400,
    "invalid_request",
    say(languageOf(c), "The request is not valid", "Żądanie jest niepoprawne"),
    issues,
  );
}

/** A file as a download. */
export function download(file: {
  body: Uint8Array;
  contentType: string;
  filename: string;
}): Response {
  return new Response(new Uint8Array(file.body), {
    headers: {
      "content-type": file.contentType,
      "content-disposition": `attachment; filename="${file.filename.replace(/[^\w.-]/g, "_")}"`,
      "cache-control": "no-store",
    },
  });
}
