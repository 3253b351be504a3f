// Reference data the forms of a store need: the countries shipments may go
// to, the dictionary (currencies, phone prefixes), carrier regulations, and
// address help (cities, streets, address autocomplete). All reads.
import {
  type AddressAutocompleteRequest,
  type AddressAutocompleteResponse,
  AddressAutocompleteResponseSchema,
  type CitiesRequest,
  CitiesRequestSchema,
  type CitiesResponse,
  CitiesResponseSchema,
  type CountryListResponse,
  CountryListResponseSchema,
  type Dictionary,
  DictionarySchema,
  type RegulationsResponse,
  RegulationsResponseSchema,
  type StreetsRequest,
  StreetsRequestSchema,
  type StreetsResponse,
  StreetsResponseSchema,
} from "../../schemas/index.ts";
import { validateAddressAutocomplete } from "../../validation/index.ts";
import type { ClientContext } from "../client-context.ts";
import { checkInput, checkWith } from "../input-check.ts";
import type { CallOptions } from "../transport.ts";
import { callEndpoint } from "./endpoint.ts";

/** The countries shipments may be sent to, as ISO codes (`list`). */
export async function countries(
  context: ClientContext,
  options?: CallOptions,
): Promise<CountryListResponse> {
  return callEndpoint(
    context,
    {
      method: "GET",
      path: "/configuration/allowed-countries",
      response: CountryListResponseSchema,
      idempotent: true,
      version: 1,
    },
    undefined,
    options,
  );
}

/** Currencies and the phone prefixes that support phone verification. */
export async function dictionary(
  context: ClientContext,
  options?: CallOptions,
): Promise<Dictionary> {
  return callEndpoint(
    context,
    {
      method: "GET",
      path: "/configuration/dictionary",
      response: DictionarySchema,
      idempotent: true,
      version: 1,
    },
    undefined,
    options,
  );
}

/** The carriers' regulations, with the text of their acceptance statements. */
export async function regulations(
  context: ClientContext,
  options?: CallOptions,
): Promise<RegulationsResponse> {
  return callEndpoint(
    context,
    {
      method: "GET",
      path: "/regulations",
      response: RegulationsResponseSchema,
      idempotent: true,
      version: 1,
    },
    undefined,
    options,
  );
}

/** Cities matching a query (GET /cities). */
export async function cities(
  context: ClientContext,
  query: CitiesRequest,
  options?: CallOptions,
): Promise<CitiesResponse> {
  return callEndpoint(
    context,
    {
      method: "GET",
      path: "/cities",
      response: CitiesResponseSchema,
      idempotent: true,
      version: 1,
    },
    checkInput(context, CitiesRequestSchema, query, options),
    options,
  );
}

/** Streets of a city matching a query (GET /streets). */
export async function streets(
  context: ClientContext,
  query: StreetsRequest,
  options?: CallOptions,
): Promise<StreetsResponse> {
  return callEndpoint(
    context,
    {
      method: "GET",
      path: "/streets",
      response: StreetsResponseSchema,
      idempotent: true,
      version: 1,
    },
    checkInput(context, StreetsRequestSchema, query, options),
    options,
  );
}

/** Address suggestions for what a customer typed, by country or by regions. */
export async function addressAutocomplete(
  context: ClientContext,
  query: AddressAutocompleteRequest,
  options?: CallOptions,
): Promise<AddressAutocompleteResponse> {
  return callEndpoint(
    context,
    {
      method: "GET",
      path: "/address-autocomplete",
      response: AddressAutocompleteResponseSchema,
      idempotent: true,
      version: 1,
    },
    checkWith(context, validateAddressAutocomplete, query, options).value,
    options,
  );
}
