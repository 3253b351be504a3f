// The countries this service ships to: the one list that
// GET /configuration/allowed-countries serves, the dictionary's phone prefixes
// are narrowed to, and every validation of a country_code checks against. The
// sandbox is the service, so its list is authoritative: a country outside it
// is refused (country_not_supported), never only warned about.
import {
  BUILT_IN_COUNTRIES,
  type CountryCatalog,
  createCountryCatalog,
} from "@shipbridge/core/rules";

/** The sandbox's country catalog; read-only (it is never replaced). */
export const ALLOWED_COUNTRIES: Pick<
  CountryCatalog,
  "has" | "list" | "narrowPhonePrefixes" | "authoritative"
> = createCountryCatalog(BUILT_IN_COUNTRIES.list(), { authoritative: true });
