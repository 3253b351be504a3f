// The language of messages: `?lang=pl|en`, else the first of Accept-Language
// that is one of them, else English.
export type Language = "en" | "pl";

export function pickLanguage(
  query: string | undefined,
  acceptLanguage: string | undefined,
): Language {
  if (query === "pl" || query === "en") return query;
  for (const part of (acceptLanguage ?? "").split(",")) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === "pl" || tag === "en") return tag;
  }
  return "en";
}

/** One message in both languages; the caller picks. */
export function say(language: Language, en: string, pl: string): string {
  return language === "pl" ? pl : en;
}
