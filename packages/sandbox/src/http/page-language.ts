// The language of a page a person opens in a browser (the public tracking
// page): `?lang=pl|en` when given, else the first of Polish and English in
// the browser's Accept-Language by its q-values, else Polish, the service's
// own language. The REST API's X-Language is for programs, not for pages.
import type { Language } from "@shipbridge/core";

const TAGS: Readonly<Record<string, Language>> = { pl: "pl_PL", en: "en_GB" };

/** The language `?lang=` names (pl, en, pl_PL, en_GB; case ignored), if it names one. */
function fromQuery(value: string | undefined): Language | undefined {
  if (value === undefined) return undefined;
  const primary = value.trim().toLowerCase().split(/[-_]/)[0] ?? "";
  return TAGS[primary];
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

export function pageLanguage(
  query: string | undefined,
  acceptLanguage: string | undefined,
): Language {
  return fromQuery(query) ?? fromAcceptLanguage(acceptLanguage) ?? "pl_PL";
}
