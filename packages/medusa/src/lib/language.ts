// The language of the plugin's messages as core names languages: the plugin's
// `language` option ("en" or "pl") to core's "en_GB" or "pl_PL".
import type { Language } from "@shipbridge/core";

/** The plugin's `language` option as core names languages. */
export function coreLanguage(language: "en" | "pl" | undefined): Language {
  return language === "pl" ? "pl_PL" : "en_GB";
}
