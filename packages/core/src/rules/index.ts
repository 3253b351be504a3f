// The validation rules of the shipping service, as data and functions: regions
// and countries, the service-flag catalogue, renames and removals of the API's
// history, the postal carrier's own-contract rules, and the input rules that
// merchants trip over.
export { checkCashOnDelivery, isValidCodAmount } from "./cash-on-delivery.ts";
export {
  CONTRACT_ADDRESS_CARRIER,
  CONTRACT_ADDRESS_FIELDS,
  checkContractAddresses,
  contractSuppliesAddresses,
} from "./contract-addresses.ts";
export {
  BUILT_IN_COUNTRIES,
  COUNTRIES_ADDED_IN_V1_0_112,
  COUNTRIES_BEFORE_V1_0_112,
  CountryCatalog,
  type CountryCatalogOptions,
  type CountryLookup,
  checkCountryCode,
  countryCatalogFromResponse,
  createCountryCatalog,
  PHONE_PREFIXES,
  type PhonePrefixEntry,
  SUPPORTED_COUNTRIES,
} from "./countries.ts";
export { checkDeliveryTime } from "./delivery-time.ts";
export { DIGITAL_LABEL_BOOLEAN_SINCE, normalizeDigitalLabel } from "./digital-label.ts";
export { type ForbiddenCharacter, findForbiddenCharacter, isCleanText } from "./free-text.ts";
export { ibanMod97, isValidIban, normalizeIban } from "./iban.ts";
export {
  LEGACY_RESPONSE_FIELDS,
  type LegacyResponseField,
  upgradeCountryList,
  upgradeDuty,
  upgradeMessage,
  upgradeMessages,
  upgradePackage,
  upgradeServicesPrices,
} from "./legacy-response-fields.ts";
export { checkParcelDimensions, DIMENSION_FIELDS } from "./parcel-dimensions.ts";
export { checkParcelWeight } from "./parcel-weight.ts";
export { checkPolishPhone, normalizePolishPhone } from "./polish-phone.ts";
export {
  checkPostalExpressDefault,
  POSTAL_EXPRESS_DEFAULT_SINCE,
} from "./postal-express-default.ts";
export {
  checkPostalOwnContractFlags,
  POSTAL_FLAGS_FORBIDDEN_DAY,
  POSTAL_FLAGS_FORBIDDEN_FROM,
  POSTAL_FORBIDDEN_FLAGS,
  postalFlagRuleInForce,
} from "./postal-own-contract-flags.ts";
export { checkReceiverName, hasFirstNameAndSurname } from "./receiver-name.ts";
export {
  checkRegionsExcludeCountryCode,
  countriesOfRegions,
  ISO_COUNTRY_CODES,
  isIsoCountryCode,
  REGION_COUNTRIES,
  REGION_NAMES,
  regionOf,
} from "./regions.ts";
export {
  applyRenamedCarrier,
  applyRenamedCarriers,
  applyRenamedFields,
  currentCarrierName,
  keyAsWritten,
  REMOVED_INPUT_FIELDS,
  RENAMED_CARRIERS,
  RENAMED_INPUT_FIELDS,
  type RemovedField,
  type RenamedField,
  type RenamedValue,
  rejectRemovedFields,
} from "./renamed-fields.ts";
export {
  CARRIERS,
  type Carrier,
  carrierOffers,
  checkServiceFlags,
  isKnownCarrier,
  PALLET_CARRIER,
  POSTAL_CARRIER,
  POSTAL_PRODUCT_FLAGS,
  readDeliveryTimes,
  SERVICE_FLAGS,
  type ServiceFlag,
  serviceFlag,
  type TimeWindow,
  withinWindow,
} from "./service-flags.ts";
export {
  type AccountServiceRef,
  type AccountServicesInput,
  type AccountServicesProblem,
  accountServicesProblem,
  resolveShipmentContract,
  type ShipmentContract,
  type ShipmentContractOptions,
} from "./shipment-contract.ts";
export { isWholeGrosze, roundToGrosze, toGrosze } from "./whole-grosze.ts";
