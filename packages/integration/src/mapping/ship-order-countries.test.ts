// The service's live country list in the mapping, against the sandbox: a
// country it does not serve (KP) is only a warning under the built-in list,
// and the service then refuses the package; with the live list, toPackage and
// shipOrder refuse it themselves, before anything is created.

import {
  isApiError,
  type ShipOrderOptions,
  shipOrder,
  toPackage,
  ValidationError,
} from "@shipbridge/core";
import { countryCatalogFromResponse } from "@shipbridge/core/rules";
import { IBAN, SENDER, sampleOrder } from "@shipbridge/core/testing";
import { describe, expect, it } from "vitest";
import { countingFetch } from "../testing/sandbox-server.ts";
import { FAST_RETRY, useSandbox } from "../testing/shared-sandbox.ts";

const STORE = "shop-countries";
const shipOptions: ShipOrderOptions = { storeId: STORE, sender: SENDER, cod: { iban: IBAN } };
const COUNTRIES = "GET /configuration/allowed-countries";

const sandbox = useSandbox({ client: { retry: FAST_RETRY } });

function orderTo(country: string, id: string) {
  return sampleOrder({
    id,
    shipping_address: {
      first_name: "Kim",
      last_name: "Pak",
      street: "Main Street 1",
      postcode: "12345",
      city: "Pyongyang",
      country_code: country,
    },
  });
}

const countryIssue = {
  path: "order.shipping_address.country_code",
  rule: "country_not_supported",
};

describe("the live country list", () => {
  it("under the built-in list KP is only a warning, and the service refuses the package", async () => {
    const mapped = toPackage(orderTo("KP", "kp-built-in"), shipOptions);
    expect(mapped.warnings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: "order.shipping_address.country_code",
          rule: "country_unverified",
        }),
      ]),
    );
    const refused = await sandbox
      .client()
      .packages.create(mapped.package)
      .catch((e: unknown) => e);
    expect(isApiError(refused)).toBe(true);
    expect(refused).toMatchObject({ status: 400 });
    expect((refused as { issues: { path: string }[] }).issues.map((i) => i.path)).toContain(
      "receiver.country_code",
    );
  });

  it("toPackage with the live list refuses KP with country_not_supported, in both languages", async () => {
    const countries = countryCatalogFromResponse(await sandbox.client().countries());
    expect(countries.has("KP")).toBe(false);
    for (const language of ["en_GB", "pl_PL"] as const) {
      const error = (() => {
        try {
          toPackage(orderTo("KP", "kp-live"), { ...shipOptions, countries, language });
        } catch (e) {
          return e;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(ValidationError);
      const issue = (error as ValidationError).issues.find((i) => i.rule === countryIssue.rule);
      expect(issue).toMatchObject(countryIssue);
      expect(issue?.message).toMatch(/KP|country|kraj/i);
    }
    // A country the service serves passes with no country warning.
    const de = toPackage(orderTo("DE", "de-live"), { ...shipOptions, countries });
    expect(de.warnings.map((w) => w.rule)).not.toContain("country_unverified");
  });

  it("shipOrder loads the live list itself and refuses KP before creating anything", async () => {
    const { fetch, requests } = countingFetch();
    const error = await shipOrder(
      sandbox.timedClient(fetch),
      orderTo("KP", "kp-ship"),
      shipOptions,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues).toEqual([expect.objectContaining(countryIssue)]);
    expect(requests).toEqual([COUNTRIES]);
  });

  it("shipOrder loads the list once per client, and not at all when it is given", async () => {
    const { fetch, requests } = countingFetch();
    const client = sandbox.timedClient(fetch);
    const [first, second] = await Promise.all([
      shipOrder(client, orderTo("DE", "de-ship-1"), shipOptions),
      shipOrder(client, orderTo("DE", "de-ship-2"), shipOptions),
    ]);
    expect(first.packageId).not.toBe(second.packageId);
    await shipOrder(client, orderTo("KP", "kp-ship-2"), shipOptions).catch(() => undefined);
    expect(requests.filter((r) => r === COUNTRIES)).toHaveLength(1);

    const given = countingFetch();
    const countries = countryCatalogFromResponse(await sandbox.client().countries());
    await expect(
      shipOrder(sandbox.timedClient(given.fetch), orderTo("KP", "kp-given"), {
        ...shipOptions,
        countries,
      }),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(given.requests).toEqual([]);
  });
});
