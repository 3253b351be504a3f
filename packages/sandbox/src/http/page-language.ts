// The language of a page a person opens in a browser (the public tracking
// page, the authorization pages): what the request names first (the tracking
// page's `?lang=pl|en`, the authorization request's `ui_locales`: a
// space-separated list of language tags by preference, the first Polish or
// English one counting), else the first of Polish and English in the
// browser's Accept-Language by its q-values, else Polish, the service's own
// language. The REST API's X-Language is for programs, not for pages.
import type { Language } from "@shipbridge/core";

const TAGS: Readonly<Record<string, Language>> = { pl: "pl_PL", en: "en_GB" };

/**
 * The first language of a space-separated list of tags (pl, en, pl-PL,
 * en_GB; case ignored) that is Polish or English, if any is.
 */
function fromQuery(value: string | undefined): Language | undefined {
  if (value === undefined) return undefined;
  for (const tag of value.trim().split(/\s+/)) {
    const language = TAGS[tag.toLowerCase().split(/[-_]/)[0] ?? ""];
    if (language !== undefined) return language;
  }
  return undefined;
}

/** The Accept-Language entry with the highest q (the first of equals) that is Polish or English. */
function fromAcceptLanguage(header: string | undefined): Language | undefined {
  if (header === undefined) return undefined;
  let best: { language: Language; q: number } | undefined;
  for (const part of header.split(",")) {
    const [tag = "", ...params] = part.trim().split(";");
    const language = TAGS[tag.trim().toLowerCase().split("-")[0] ?? ""];
    if (language === undefined) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0) continue;
    if (best === undefined || q > best.q) best = { language, q };
  }
  return best?.language;
}

/** The page's language: `named` (?lang or ui_locales) first, then Accept-Language, then Polish. */
export function pageLanguage(
  query: string | undefined,
  acceptLanguage: string | undefined,
): Language {
  return fromQuery(query) ?? fromAcceptLanguage(acceptLanguage) ?? "pl_PL";
}
