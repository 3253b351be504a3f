// @shipbridge/core/rules: the validation rules' data and the few helpers a
// store needs on its own (regions and countries, the country catalog, the
// service-flag catalogue, the renames of the API's history, the postal
// carrier's own-contract dates, postcode forms and house numbers, phone, IBAN,
// text and amount helpers). The per-rule check functions stay internal and run
// through the validate* functions of the package root.

// The text and amount helpers sit beside the schemas that use them.
export {
  type ForbiddenCharacter,
  findForbiddenCharacter,
  isCleanText,
} from "../schemas/forbidden-characters.ts";
export { isWholeGrosze, roundToGrosze, toGrosze } from "../schemas/whole-grosze.ts";
export {
  CONTRACT_ADDRESS_CARRIER,
  CONTRACT_ADDRESS_FIELDS,
} from "./contract-addresses.ts";
export {
  BUILT_IN_COUNTRIES,
  COUNTRIES_ADDED_IN_V1_0_112,
  COUNTRIES_BEFORE_V1_0_112,
  CountryCatalog,
  type CountryCatalogOptions,
  type CountryLookup,
  countryCatalogFromResponse,
  createCountryCatalog,
  PHONE_PREFIXES,
  type PhonePrefixEntry,
  SUPPORTED_COUNTRIES,
} from "./countries.ts";
export { DIGITAL_LABEL_BOOLEAN_SINCE } from "./digital-label.ts";
export { HOUSE_NAME_COUNTRIES, hasHouseNumber } from "./house-number.ts";
export { isValidIban, normalizeIban } from "./iban.ts";
export { LEGACY_RESPONSE_FIELDS, type LegacyResponseField } from "./legacy-response-fields.ts";
export { foldPlaceName, samePlaceName } from "./place-names.ts";
export { type PointClosure, pointClosure } from "./point-closure.ts";
export { normalizePolishPhone } from "./polish-phone.ts";
export { POSTAL_EXPRESS_DEFAULT_SINCE } from "./postal-express-default.ts";
export {
  POSTAL_FLAGS_FORBIDDEN_FROM,
  POSTAL_FORBIDDEN_FLAGS,
} from "./postal-own-contract-flags.ts";
export {
  COUNTRIES_WITHOUT_POSTCODES,
  isValidPostcode,
  normalizePostcode,
  POSTCODE_FORMATS,
  type PostcodeFormat,
} from "./postcodes.ts";
export {
  countriesOfRegions,
  ISO_COUNTRY_CODES,
  isIsoCountryCode,
  REGION_COUNTRIES,
  REGION_NAMES,
  regionOf,
} from "./regions.ts";
export {
  REMOVED_INPUT_FIELDS,
  RENAMED_CARRIERS,
  RENAMED_INPUT_FIELDS,
  type RemovedField,
  type RenamedField,
  type RenamedValue,
} from "./renamed-fields.ts";
export {
  CARRIERS,
  type Carrier,
  carrierOffers,
  isKnownCarrier,
  PALLET_CARRIER,
  POSTAL_CARRIER,
  POSTAL_PRODUCT_FLAGS,
  SERVICE_FLAGS,
  type ServiceFlag,
} from "./service-flags.ts";
