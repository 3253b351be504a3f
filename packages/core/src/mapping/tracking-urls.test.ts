// Tests of the precedence of shipOrder's tracking page addresses: the
// configured template, then the service's page per parcel, then the default.
import { describe, expect, it } from "vitest";
import type { PackageDetailsV2 } from "../schemas/index.ts";
import { trackingUrls } from "./tracking-urls.ts";

function details(parcels: { package_no?: string; tracking_url?: string }[]): PackageDetailsV2 {
  return { package_id: 1, parcels } as PackageDetailsV2;
}

const GIVEN = "https://konto.example/zlokalizuj/111";

describe("trackingUrls", () => {
  it("builds from the configured template first, over the service's page", () => {
    const pkg = details([{ package_no: "111", tracking_url: GIVEN }, { package_no: "222" }]);
    expect(trackingUrls(pkg, "https://track.example/{number}")).toEqual([
      "https://track.example/111",
      "https://track.example/222",
    ]);
  });

  it("takes the service's page per parcel, else the default page from the number", () => {
    const pkg = details([{ package_no: "111", tracking_url: GIVEN }, { package_no: "222" }]);
    expect(trackingUrls(pkg)).toEqual([GIVEN, "https://furgonetka.pl/zlokalizuj/222"]);
  });

  it("falls back to the package's own address when no parcel gives anything", () => {
    const pkg = { ...details([{}]), tracking_url: GIVEN } as PackageDetailsV2;
    expect(trackingUrls(pkg)).toEqual([GIVEN]);
    expect(trackingUrls(details([]))).toEqual([]);
  });

  it("ignores an address under the API's baseUrl and builds the page from the number", () => {
    const api = "https://api.furgonetka.pl";
    const pkg = {
      ...details([
        { package_no: "111", tracking_url: `${api}/packages/7/tracking` },
        { package_no: "222", tracking_url: GIVEN },
      ]),
      tracking_url: `${api}/packages/7/tracking`,
    } as PackageDetailsV2;
    expect(trackingUrls(pkg, undefined, `${api}/`)).toEqual([
      "https://furgonetka.pl/zlokalizuj/111",
      GIVEN,
    ]);
    const own = {
      ...details([{}]),
      tracking_url: `${api}/packages/7/tracking`,
    } as PackageDetailsV2;
    expect(trackingUrls(own, undefined, api)).toEqual([]);
    // Another host, or a path beside the API's, is a page.
    const beside = details([{ package_no: "1", tracking_url: "https://api.furgonetka.plx/t/1" }]);
    expect(trackingUrls(beside, undefined, api)).toEqual(["https://api.furgonetka.plx/t/1"]);
    const sibling = details([{ package_no: "1", tracking_url: "https://x.example/apix/1" }]);
    expect(trackingUrls(sibling, undefined, "https://x.example/api")).toEqual([
      "https://x.example/apix/1",
    ]);
  });

  it("lists a page once", () => {
    const pkg = details([{ package_no: "111" }, { package_no: "111" }]);
    expect(trackingUrls(pkg)).toEqual(["https://furgonetka.pl/zlokalizuj/111"]);
  });
});
