// Reference data over real HTTP: countries, dictionary, regulations, cities,
// streets and address autocomplete (regions xor country_code, by core).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RestSandbox } from "../testing/rest-fixture.ts";

let sandbox: RestSandbox;
beforeAll(async () => {
  sandbox = await RestSandbox.start();
});
afterAll(() => sandbox.close());

describe("configuration", () => {
  it("lists the unified countries as ISO codes, including those added in v1.0.112", async () => {
    const res = await sandbox.call("GET", "/configuration/allowed-countries");
    expect(res.status).toBe(200);
    expect(res.body.countries).toBeUndefined();
    for (const code of ["PL", "DE", "BG", "CH", "EE", "GR", "HR", "LT", "LV", "NO", "RO", "SI"])
      expect(res.body.list).toContain(code);
    expect(res.body.list.every((c: string) => /^[A-Z]{2}$/.test(c))).toBe(true);
  });

  it("gives currencies and the phone prefixes of the phone-verification countries only", async () => {
    const countries = (await sandbox.call("GET", "/configuration/allowed-countries")).body
      .list as string[];
    const res = await sandbox.call("GET", "/configuration/dictionary");
    expect(res.body.currencies).toContain("PLN");
    expect(res.body.phone_prefixes).toContainEqual({ country_code: "PL", prefix: "+48" });
    expect(
      res.body.phone_prefixes.every((p: { country_code: string }) =>
        countries.includes(p.country_code),
      ),
    ).toBe(true);
    expect(
      res.body.phone_prefixes.some((p: { country_code: string }) => p.country_code === "UA"),
    ).toBe(false);
  });

  it("lists regulations with type, key, additional_content and content in the asked language", async () => {
    const en = await sandbox.call("GET", "/regulations");
    const pl = await sandbox.call("GET", "/regulations", { headers: { "X-Language": "pl_PL" } });
    expect(en.body.regulations.length).toBeGreaterThan(5);
    for (const doc of en.body.regulations) {
      expect(doc).toMatchObject({
        type: expect.any(String),
        key: expect.any(String),
        additional_content: expect.any(String),
        content: expect.any(String),
      });
    }
    expect(pl.body.regulations[0].key).toBe(en.body.regulations[0].key);
    expect(pl.body.regulations[0].content).not.toBe(en.body.regulations[0].content);
  });
});

describe("cities and streets", () => {
  it("finds cities by the start of their name, ignoring diacritics", async () => {
    const res = await sandbox.call("GET", "/cities?query=lod");
    expect(res.body.cities).toEqual([
      expect.objectContaining({ name: "Łódź", province: "łódzkie", country_code: "PL" }),
    ]);
    expect((await sandbox.call("GET", "/cities?query=War&country_code=DE")).body.cities).toEqual(
      [],
    );
    const missing = await sandbox.call("GET", "/cities");
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].path).toBe("query");
  });

  it("lists the cities of a postcode, without a name", async () => {
    for (const postcode of ["80-831", "80831"]) {
      const res = await sandbox.call("GET", `/cities?postcode=${postcode}&country_code=PL`);
      expect(res.status).toBe(200);
      expect(res.body.cities.map((city: { name: string }) => city.name)).toEqual(["Gdańsk"]);
    }
    const unknown = await sandbox.call("GET", "/cities?postcode=12-345");
    expect(unknown.body.cities).toEqual([]);
  });

  it("finds a city's streets by prefix", async () => {
    const res = await sandbox.call(
      "GET",
      `/streets?city=${encodeURIComponent("Kraków")}&query=flo`,
    );
    expect(res.body.streets).toEqual([
      expect.objectContaining({ name: "Floriańska", city: "Kraków" }),
    ]);
    const unknown = await sandbox.call("GET", "/streets?city=Krakow&query=x&limit=0");
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].path).toBe("limit");
  });
});

describe("GET /address-autocomplete", () => {
  it("suggests addresses, narrowed by country_code or by regions", async () => {
    const pl = await sandbox.call("GET", "/address-autocomplete?query=Piotrkowska&country_code=PL");
    expect(pl.body.suggestions[0]).toMatchObject({
      street: "Piotrkowska",
      city: "Łódź",
      country_code: "PL",
    });
    const americas = await sandbox.call(
      "GET",
      "/address-autocomplete?query=1&regions=north_america&regions=south_america",
    );
    const countries = new Set(
      americas.body.suggestions.map((s: { country_code: string }) => s.country_code),
    );
    expect([...countries].sort()).toEqual(["BR", "CA", "US"]);
  });

  it("refuses regions together with country_code, by core's rule", async () => {
    const res = await sandbox.call(
      "GET",
      "/address-autocomplete?query=x&regions=europe&country_code=PL",
    );
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { rule: string }) => e.rule)).toContain(
      "regions_with_country_code",
    );
  });
});
