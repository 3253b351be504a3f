// Place names compared as people type them: "Gdansk" is "Gdańsk", "LODZ" is
// "Łódź". Used where a city a customer typed meets a city the service lists
// (shipOrder's postcode check), and by the sandbox's searches.

/** Lower case, without diacritics (Polish "ł" included), trimmed. */
export function foldPlaceName(name: string): string {
  return name
    .replaceAll("ł", "l")
    .replaceAll("Ł", "L")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .trim();
}

/** Whether two place names are the same, ignoring case, diacritics, spaces, dots and dashes. */
export function samePlaceName(a: string, b: string): boolean {
  const bare = (name: string) => foldPlaceName(name).replace(/[\s\p{Pd}.]+/gu, "");
  return bare(a) === bare(b);
}
