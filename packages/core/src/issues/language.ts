// The languages of messages and errors, named as the service's X-Language
// header names them. Polish merchants read Polish; everyone else English.
export const LANGUAGES = ["pl_PL", "en_GB"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en_GB";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}
