// Reference data; any access token may read it, a user's or an application's:
//   GET /configuration/allowed-countries  { list }: the sandbox's country list
//                                         (allowed-countries.ts, core's unified list)
//   GET /configuration/dictionary         { currencies, phone_prefixes } (prefixes narrowed
//                                         to the phone-verification countries, the same list)
//   GET /regulations                      { regulations: [RegulationDocument] }
//   GET /cities?query=&country_code=&postcode=&limit=        cities by name prefix
//                                       (or, without query, the cities of a postcode)
//   GET /streets?city=&query=&postcode=&country_code=&limit= streets of a city by prefix
//   GET /address-autocomplete?query=&regions=|country_code=&limit=  suggestions
// Searches ignore case and Polish diacritics. Query parameters are checked
// by core's schemas, so unknown ones are named in a 400.
import { validateAddressAutocomplete } from "@shipbridge/core";
import { countriesOfRegions } from "@shipbridge/core/rules";
import { CitiesRequestSchema, StreetsRequestSchema } from "@shipbridge/core/schemas";
import { Hono } from "hono";
import type { SandboxContext, SandboxEnv } from "../../context.ts";
import { foldText, POLISH_CITIES, postcodeIsOf, postcodeOf } from "../geography/polish-cities.ts";
import { type Guard, V1 } from "../http/guard.ts";
import { queryInput } from "../http/query-input.ts";
import { validated, validationError } from "../http/validated-input.ts";
import { ALLOWED_COUNTRIES } from "./allowed-countries.ts";
import { FOREIGN_PLACES } from "./foreign-places.ts";
import { regulations } from "./regulations.ts";

/** Currencies the service accepts for declared values and cash on delivery. */
export const CURRENCIES = [
  "PLN",
  "EUR",
  "CZK",
  "HUF",
  "RON",
  "BGN",
  "SEK",
  "DKK",
  "NOK",
  "CHF",
  "GBP",
  "USD",
] as const;
const DEFAULT_LIMIT = 20;

function startsWithFolded(text: string, prefix: string): boolean {
  return foldText(text).startsWith(foldText(prefix));
}

export function referenceRoutes(_ctx: SandboxContext, guard: Guard): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();

  app.get("/configuration/allowed-countries", guard(V1), (c) =>
    c.json({ list: [...ALLOWED_COUNTRIES.list()] }, 200),
  );

  app.get("/configuration/dictionary", guard(V1), (c) =>
    c.json(
      { currencies: [...CURRENCIES], phone_prefixes: ALLOWED_COUNTRIES.narrowPhonePrefixes() },
      200,
    ),
  );

  app.get("/regulations", guard(V1), (c) =>
    c.json({ regulations: regulations(c.get("language")) }, 200),
  );

  app.get("/cities", guard(V1), (c) => {
    const query = validated(
      CitiesRequestSchema,
      queryInput(c, { numbers: ["limit"] }),
      c.get("language"),
    );
    if (query.country_code !== undefined && query.country_code !== "PL")
      return c.json({ cities: [] }, 200);
    const cities = POLISH_CITIES.filter(
      (city) =>
        (query.query === undefined || startsWithFolded(city.name, query.query)) &&
        (query.postcode === undefined || postcodeIsOf(query.postcode, city)),
    )
      .slice(0, query.limit ?? DEFAULT_LIMIT)
      .map((city) => ({
        name: city.name,
        postcode: postcodeOf(city, 1),
        county: city.county,
        province: city.province,
        country_code: "PL",
      }));
    return c.json({ cities }, 200);
  });

  app.get("/streets", guard(V1), (c) => {
    const query = validated(
      StreetsRequestSchema,
      queryInput(c, { numbers: ["limit"] }),
      c.get("language"),
    );
    const city = POLISH_CITIES.find(
      (candidate) => foldText(candidate.name) === foldText(query.city),
    );
    if (!city || (query.country_code !== undefined && query.country_code !== "PL"))
      return c.json({ streets: [] }, 200);
    const streets = city.streets
      .map((name, index) => ({ name, city: city.name, postcode: postcodeOf(city, index * 37 + 1) }))
      .filter((street) => startsWithFolded(street.name, query.query))
      .filter((street) => query.postcode === undefined || street.postcode === query.postcode)
      .slice(0, query.limit ?? DEFAULT_LIMIT);
    return c.json({ streets }, 200);
  });

  app.get("/address-autocomplete", guard(V1), (c) => {
    const language = c.get("language");
    const result = validateAddressAutocomplete(
      queryInput(c, { arrays: ["regions"], numbers: ["limit"] }),
      { language },
    );
    if (!result.ok) throw validationError(result.error.issues);
    const request = result.value as {
      query: string;
      regions?: string[];
      country_code?: string;
      limit?: number;
    };
    const allowed =
      request.country_code !== undefined
        ? new Set([request.country_code])
        : request.regions !== undefined
          ? new Set(countriesOfRegions(request.regions as Parameters<typeof countriesOfRegions>[0]))
          : undefined;
    const words = foldText(request.query)
      .split(/[\s,]+/)
      .filter((w) => w !== "");
    const matches = (label: string) => {
      const folded = foldText(label);
      return words.every((w) => folded.includes(w));
    };
    const polish = POLISH_CITIES.flatMap((city) =>
      city.streets.map((street, index) => ({
        street,
        postcode: postcodeOf(city, index * 37 + 1),
        city: city.name,
        country_code: "PL",
      })),
    );
    const suggestions = [...polish, ...FOREIGN_PLACES]
      .filter((place) => allowed === undefined || allowed.has(place.country_code))
      .map((place) => ({
        label: `${place.street}, ${place.postcode} ${place.city}, ${place.country_code}`,
        ...place,
      }))
      .filter((place) => matches(place.label))
      .slice(0, request.limit ?? DEFAULT_LIMIT);
    return c.json({ suggestions }, 200);
  });

  return app;
}
