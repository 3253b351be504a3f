// Runs the request rows of the spec table against core's validators and
// against the sandbox over HTTP, each on its own.
import {
  type ValidationResult,
  validateAddressAutocomplete,
  validateCalculatePrice,
  validateUserData,
} from "@shipbridge/core";
import { isLanguage, LANGUAGES } from "@shipbridge/core/internal";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packageV2 } from "../testing/packages.ts";
import { DEMO } from "../testing/sandbox-server.ts";
import {
  AUTOCOMPLETE_CASES,
  type AutocompleteInput,
  CALCULATE_PRICE_CASES,
  MESSAGE_LANGUAGES,
  type RequestCase,
  type RequestOutcome,
  USER_DATA_CASES,
  V1_0_112_COUNTRIES,
} from "./request-cases.ts";
import { type HttpAnswer, SpecSandbox } from "./spec-sandbox.ts";

function label(row: RequestCase<unknown>): string {
  return `§${row.section} ${row.title}`;
}

function refusalMatcher(expected: Extract<RequestOutcome, { refused: unknown }>) {
  const { rule, path } = expected.refused;
  return typeof path === "string"
    ? expect.objectContaining({ rule, path })
    : expect.objectContaining({ rule, path: expect.toBeOneOf([...path]) });
}

function expectCore(result: ValidationResult<unknown>, outcome: RequestOutcome): void {
  if ("refused" in outcome) {
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.issues).toContainEqual(refusalMatcher(outcome));
  } else {
    expect(result.ok ? [] : result.error.issues).toEqual([]);
  }
}

function expectSandbox(answer: HttpAnswer, outcome: RequestOutcome): void {
  if ("refused" in outcome) {
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toContainEqual(refusalMatcher(outcome));
  } else {
    expect(answer.body?.errors ?? []).toEqual([]);
    expect(answer.status).toBe(200);
  }
}

/** A package to quote: the demo shipment without a carrier (the carriers are listed in services). */
function quoteRequest(services: string[]): Record<string, unknown> {
  const { service: _service, ...pkg } = packageV2() as unknown as Record<string, unknown>;
  return { package: pkg, services: { service: services } };
}

function autocompleteQuery(input: AutocompleteInput): string {
  const query = new URLSearchParams({ query: input.query });
  for (const region of input.regions ?? []) query.append("regions", region);
  if (input.country_code !== undefined) query.set("country_code", input.country_code);
  return query.toString();
}

describe("spec table: requests, against core's validators", () => {
  for (const row of AUTOCOMPLETE_CASES) {
    it(`${label(row)} (validateAddressAutocomplete)`, () => {
      expectCore(validateAddressAutocomplete(row.input), row.expect);
    });
  }
  for (const row of USER_DATA_CASES) {
    it(`${label(row)} (validateUserData)`, () => {
      expectCore(validateUserData(row.input), row.expect);
    });
  }
  for (const row of CALCULATE_PRICE_CASES) {
    it(`${label(row)} (validateCalculatePrice)`, () => {
      expectCore(
        validateCalculatePrice(quoteRequest(row.input.services), { version: 2 }),
        row.expect,
      );
    });
  }
  it("§4.3 X-Language takes exactly pl_PL and en_GB", () => {
    expect([...LANGUAGES].sort()).toEqual([...MESSAGE_LANGUAGES].sort());
    for (const language of MESSAGE_LANGUAGES) expect(isLanguage(language)).toBe(true);
  });
});

describe("spec table: requests, against the sandbox over HTTP", () => {
  let sandbox: SpecSandbox;
  beforeAll(async () => {
    sandbox = await SpecSandbox.start();
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  for (const row of AUTOCOMPLETE_CASES) {
    it(`${label(row)} (GET /address-autocomplete)`, async () => {
      const answer = await sandbox.call(
        "GET",
        `/address-autocomplete?${autocompleteQuery(row.input)}`,
      );
      expectSandbox(answer, row.expect);
    });
  }
  for (const row of USER_DATA_CASES) {
    it(`${label(row)} (PUT /account/user-data)`, async () => {
      const answer = await sandbox.call("PUT", "/account/user-data", { body: row.input });
      expectSandbox(answer, row.expect);
      if ("accepted" in row.expect) {
        const read = await sandbox.call("GET", "/account/user-data");
        expect(read.body.country_code).toBe(row.input.country_code);
      }
    });
  }
  for (const row of CALCULATE_PRICE_CASES) {
    it(`${label(row)} (POST /packages/calculate-price)`, async () => {
      const ask = () =>
        sandbox.call("POST", "/packages/calculate-price", {
          version: 2,
          body: quoteRequest(row.input.services),
        });
      let answer = await ask();
      expectSandbox(answer, row.expect);
      // 2.3: calculation_pending_in_background true means the request must be repeated.
      for (let tries = 0; answer.body.calculation_pending_in_background === true; tries++) {
        expect(tries).toBeLessThan(5);
        answer = await ask();
      }
      const quoted = (answer.body.services_prices as { service: string; access?: unknown }[]).map(
        (price) => price.service,
      );
      expect(quoted).toEqual(expect.arrayContaining(row.input.services));
      // 2.3: the access field of services_prices was removed.
      for (const price of answer.body.services_prices) expect(price).not.toHaveProperty("access");
    });
  }

  it("§4.3 regions narrow the search to their countries: Warszawa (PL) in europe, not in asia", async () => {
    const search = async (region: string) =>
      (await sandbox.call("GET", `/address-autocomplete?query=Warszawa&regions=${region}`)).body
        .suggestions as { country_code: string }[];
    const europe = await search("europe");
    expect(europe.length).toBeGreaterThan(0);
    expect(europe.map((s) => s.country_code)).toContain("PL");
    expect((await search("asia")).map((s) => s.country_code)).not.toContain("PL");
  });

  it("§4.3 X-Company-Id sets the user's company: a shipment added in it is listed in it only", async () => {
    const company = { "X-Company-Id": DEMO.companyId };
    const reference = "SPEC-COMPANY-1";
    const body = { ...packageV2(), user_reference_number: reference };
    const added = await sandbox.call("POST", "/packages", { version: 2, body, headers: company });
    expect(added.status).toBe(201);
    const list = (headers: Record<string, string>) =>
      sandbox.call("GET", `/packages?user_reference_number=${reference}`, { version: 2, headers });
    expect((await list(company)).body.packages).toHaveLength(1);
    expect((await list({})).body.packages).toHaveLength(0);
  });

  it("§9.8 §2.3 the country list is ISO codes, without names, and has the v1.0.112 countries", async () => {
    const answer = await sandbox.call("GET", "/configuration/allowed-countries");
    expect(answer.status).toBe(200);
    const list = answer.body.list as unknown[];
    for (const code of list) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(list).toEqual(expect.arrayContaining(V1_0_112_COUNTRIES));
  });

  it("§4.3 §9.3 §2.3 messages v2: X-Language selects content, which replaces content_pl and content_en", async () => {
    const v1 = await sandbox.call("GET", "/messages", { version: 1 });
    expect(v1.status).toBe(200);
    expect(v1.body.messages.length).toBeGreaterThan(0);
    const byId = new Map<number, { content_pl: string; content_en: string }>(
      v1.body.messages.map((m: { id: number; content_pl: string; content_en: string }) => [
        m.id,
        m,
      ]),
    );
    for (const language of MESSAGE_LANGUAGES) {
      const v2 = await sandbox.call("GET", "/messages", {
        version: 2,
        headers: { "X-Language": language },
      });
      expect(v2.status).toBe(200);
      expect(v2.body.messages.length).toBe(byId.size);
      for (const message of v2.body.messages) {
        expect(message).not.toHaveProperty("content_pl");
        expect(message).not.toHaveProperty("content_en");
        const both = byId.get(message.id);
        expect(message.content).toBe(language === "pl_PL" ? both?.content_pl : both?.content_en);
      }
    }
  });
});
