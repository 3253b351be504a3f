// The language of a page a person opens in a browser (the public tracking
// page, the authorization pages): what the request names first (the tracking
// page's `?lang=pl|en`, the authorization request's `ui_locales`: a
// space-separated list of language tags by preference, the first Polish or
// English one counting), else the first of Polish and English in the
// browser's Accept-Language by its q-values, else Polish, the service's own
// language. Core's negotiateLanguage decides, as it does for the stores'
// pages. The REST API's X-Language is for programs, not for pages.
import { type Language, negotiateLanguage } from "@shipbridge/core";

const LANGUAGES = { pl: "pl_PL", en: "en_GB" } as const satisfies Record<string, Language>;

/** The page's language: `named` (?lang or ui_locales) first, then Accept-Language, then Polish. */
export function pageLanguage(
  query: string | undefined,
  acceptLanguage: string | undefined,
): Language {
  return LANGUAGES[negotiateLanguage(query, acceptLanguage, "pl")];
}
