// What a shopper typed in the picker's search box, read as the store's
// pickup-points route asks for it: a Polish postcode ("80-831"), a point's
// code (letters with digits, "GDA01M", "POP-GDA001"), else a city.

export type SearchQuery =
  | { readonly postcode: string }
  | { readonly code: string }
  | { readonly city: string };

/** `text` as a postcode, a point code or a city; undefined when it is blank. */
export function readSearch(text: string): SearchQuery | undefined {
  const trimmed = text.trim().replace(/\s+/g, " ");
  if (trimmed === "") return undefined;
  const postcode = /^(\d{2})-?(\d{3})$/.exec(trimmed);
  if (postcode) return { postcode: `${postcode[1]}-${postcode[2]}` };
  // City names carry no digits; point codes do, and no spaces.
  if (/\d/.test(trimmed) && !trimmed.includes(" ")) return { code: trimmed.toUpperCase() };
  return { city: trimmed };
}
