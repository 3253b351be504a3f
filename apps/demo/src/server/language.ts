// The language of messages: `?lang=pl|en`, else Accept-Language's Polish or
// English entry with the highest q-value, else English (core's negotiator).
import { negotiateLanguage } from "@shipbridge/core";

export type Language = "en" | "pl";

export function pickLanguage(
  query: string | undefined,
  acceptLanguage: string | undefined,
): Language {
  return negotiateLanguage(query, acceptLanguage, "en");
}

/** One message in both languages; the caller picks. */
export function say(language: Language, en: string, pl: string): string {
  return language === "pl" ? pl : en;
}
