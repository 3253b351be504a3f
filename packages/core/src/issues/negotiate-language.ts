// Which of the project's two languages a person gets, from what the request
// names and what their browser asks for: one negotiator for every page and
// message chosen by a request (the service's pages, the stores' pages, the
// connect routes), so the same browser gets the same language everywhere.

/** The languages a page or message can be in, as primary language subtags. */
export type PageLanguage = "pl" | "en";

/** The project's language of a tag ("pl", "pl-PL", "en_GB"), by its exact primary subtag, case ignored. */
function languageOfTag(tag: string): PageLanguage | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return primary === "pl" || primary === "en" ? primary : undefined;
}

/** The first tag of a list by preference (space- or comma-separated) that is Polish or English. */
function fromNamed(named: string): PageLanguage | undefined {
  for (const tag of named.split(/[\s,]+/)) {
    const language = languageOfTag(tag);
    if (language !== undefined) return language;
  }
  return undefined;
}

/** A q-value as RFC 9110 writes it (0 to 1, at most three decimals); anything else is malformed. */
function qValue(params: readonly string[]): number | undefined {
  const q = params.map((p) => p.trim()).find((p) => /^q=/i.test(p));
  if (q === undefined) return 1;
  const value = q.slice(2).trim();
  return /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value) ? Number(value) : undefined;
}

/** Accept-Language's Polish or English entry with the highest q-value (the first of equals). */
function fromAcceptLanguage(header: string): PageLanguage | undefined {
  let best: { language: PageLanguage; q: number } | undefined;
  for (const entry of header.split(",")) {
    const [tag = "", ...params] = entry.split(";");
    const language = languageOfTag(tag);
    const q = qValue(params);
    if (language === undefined || q === undefined || q <= 0) continue;
    if (best === undefined || q > best.q) best = { language, q };
  }
  return best?.language;
}

/**
 * The language of a page or message for a request: the first Polish or
 * English tag of `named` (what the request names: `?lang=`, OpenID
 * Connect's `ui_locales`; space-separated tags by preference), else the
 * Polish or English entry of `acceptLanguage` with the highest q-value
 * (`q=0` refuses a language; of equals, the first), else `fallback`. A tag
 * counts by its exact primary subtag: "pl-PL" is Polish, "plk" is not.
 */
export function negotiateLanguage(
  named: string | undefined,
  acceptLanguage: string | undefined,
  fallback: PageLanguage,
): PageLanguage {
  return (
    (named === undefined ? undefined : fromNamed(named)) ??
    (acceptLanguage === undefined ? undefined : fromAcceptLanguage(acceptLanguage)) ??
    fallback
  );
}
