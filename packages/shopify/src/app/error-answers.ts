// What the app answers when no route matches or a route throws (its
// database not answering, a bug): never Hono's English "Internal Server
// Error" nor a stack. Under `/extension-api/` a JSON refusal with both
// texts, as the extension routes refuse; elsewhere the two texts as plain
// text, English then Polish. A thrown error is logged as one line (method,
// path without its query, which may carry a token, and the error's name and
// code), never its message or stack, which may name a secret.
import { isShipbridgeError } from "@shipbridge/core";
import type { Context, Hono } from "hono";
import { askedLanguage, BASE } from "../extension-api/ask-shop.ts";
import { REFUSALS, type RefusalCode, refusal } from "../extension-api/extension-texts.ts";

function answer(c: Context, code: RefusalCode, status: 404 | 500): Response {
  if (new URL(c.req.url).pathname.startsWith(`${BASE}/`)) {
    return c.json(refusal(code, askedLanguage(c) ?? "en"), status);
  }
  const { en, pl } = REFUSALS[code];
  c.header("cache-control", "no-store");
  return c.text(`${en}\n${pl}`, status);
}

/** Registers the app-wide answers for an unknown address and a thrown error. */
export function errorAnswers(hono: Hono): void {
  hono.notFound((c) => answer(c, "no_such_route", 404));
  hono.onError((error, c) => {
    const given = isShipbridgeError(error) ? error.code : (error as { code?: unknown }).code;
    // A code (ECONNREFUSED, 28P01, missing_session) says what failed and names no secret.
    const code = typeof given === "string" && /^[\w.-]{1,40}$/.test(given) ? ` ${given}` : "";
    const { pathname } = new URL(c.req.url);
    console.error(`shipbridge: ${c.req.method} ${pathname} failed: ${error.name}${code}`);
    return answer(c, "app_failed", 500);
  });
}
