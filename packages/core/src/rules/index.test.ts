// The export lock of @shipbridge/core/rules: the rules' data and the helpers a
// store uses on its own; no check function.
// Any change to this list is a change to the public surface; make it on purpose.
import { expect, it } from "vitest";
import { exportedNames, typeOnlyNames } from "../testing/exported-names.ts";
import * as entry from "./index.ts";

const ALL = exportedNames(new URL("./index.ts", import.meta.url));

it("exports exactly these values", () => {
  expect(Object.keys(entry).sort()).toEqual([
    "BUILT_IN_COUNTRIES",
    "CARRIERS",
    "CONTRACT_ADDRESS_CARRIER",
    "CONTRACT_ADDRESS_FIELDS",
    "COUNTRIES_ADDED_IN_V1_0_112",
    "COUNTRIES_BEFORE_V1_0_112",
    "COUNTRIES_WITHOUT_POSTCODES",
    "CountryCatalog",
    "DIGITAL_LABEL_BOOLEAN_SINCE",
    "HOUSE_NAME_COUNTRIES",
    "ISO_COUNTRY_CODES",
    "LEGACY_RESPONSE_FIELDS",
    "PALLET_CARRIER",
    "PHONE_PREFIXES",
    "POSTAL_CARRIER",
    "POSTAL_EXPRESS_DEFAULT_SINCE",
    "POSTAL_FLAGS_FORBIDDEN_FROM",
    "POSTAL_FORBIDDEN_FLAGS",
    "POSTAL_PRODUCT_FLAGS",
    "POSTCODE_FORMATS",
    "REGION_COUNTRIES",
    "REGION_NAMES",
    "REMOVED_INPUT_FIELDS",
    "RENAMED_CARRIERS",
    "RENAMED_INPUT_FIELDS",
    "SERVICE_FLAGS",
    "SUPPORTED_COUNTRIES",
    "carrierOffers",
    "countriesOfRegions",
    "countryCatalogFromResponse",
    "createCountryCatalog",
    "findForbiddenCharacter",
    "foldPlaceName",
    "hasHouseNumber",
    "isCleanText",
    "isIsoCountryCode",
    "isKnownCarrier",
    "isValidIban",
    "isValidPostcode",
    "isWholeGrosze",
    "normalizeIban",
    "normalizePolishPhone",
    "normalizePostcode",
    "pointClosure",
    "regionOf",
    "roundToGrosze",
    "samePlaceName",
    "toGrosze",
  ]);
});

it("exports exactly these types", () => {
  expect(typeOnlyNames(ALL, entry)).toEqual([
    "Carrier",
    "CountryCatalogOptions",
    "CountryLookup",
    "ForbiddenCharacter",
    "LegacyResponseField",
    "PhonePrefixEntry",
    "PointClosure",
    "PostcodeFormat",
    "RemovedField",
    "RenamedField",
    "RenamedValue",
    "ServiceFlag",
  ]);
});
