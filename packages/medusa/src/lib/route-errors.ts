// A route handler whose every error leaves as a MedusaError of the right type
// (medusa-error.ts), in the request's language when it names one
// (Accept-Language pl or en), else the plugin's: Medusa answers JSON with a
// 4xx for a refusal, never an HTML page with a stack trace.
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http";
import type { Language } from "@shipbridge/core";
import { asMedusaError } from "./medusa-error.ts";

/** The language the request asks for, when it asks for Polish or English first. */
export function requestLanguage(req: MedusaRequest): Language | undefined {
  const header = req.headers?.["accept-language"];
  const first = (typeof header === "string" ? header : "").trim().toLowerCase();
  if (first.startsWith("pl")) return "pl_PL";
  if (first.startsWith("en")) return "en_GB";
  return undefined;
}

type Handler = (req: MedusaRequest, res: MedusaResponse) => Promise<void>;

/** `handler`, its errors turned into MedusaErrors in `fallback` unless the request names a language. */
export function answeringErrors(
  handler: Handler,
  fallback: () => Language = () => "en_GB",
): Handler {
  return async (req, res) => {
    try {
      await handler(req, res);
    } catch (error) {
      throw asMedusaError(error, requestLanguage(req) ?? fallback());
    }
  };
}
