// Tests of the public tracking page address built from a tracking number.
import { describe, expect, it } from "vitest";
import { isApiUsageError } from "./api-usage-error.ts";
import { ShippingClient } from "./shipping-client.ts";
import { DEFAULT_TRACKING_PAGE, trackingPageUrl } from "./tracking-page.ts";

describe("trackingPageUrl", () => {
  it("builds the service's public page by default, never the API", () => {
    expect(trackingPageUrl("6PAK123456789")).toBe("https://furgonetka.pl/zlokalizuj/6PAK123456789");
    expect(DEFAULT_TRACKING_PAGE).toBe("https://furgonetka.pl/zlokalizuj/{number}");
  });

  it("fills a configured template, URL-encoding the number", () => {
    expect(trackingPageUrl("AB 12/3", "https://konto-test.furgonetka.pl/zlokalizuj/{number}")).toBe(
      "https://konto-test.furgonetka.pl/zlokalizuj/AB%2012%2F3",
    );
    expect(trackingPageUrl(" 123 ", "http://127.0.0.1:4010/track?n={number}")).toBe(
      "http://127.0.0.1:4010/track?n=123",
    );
  });

  it("refuses an empty number and a template without {number} or not http(s)", () => {
    for (const call of [
      () => trackingPageUrl(""),
      () => trackingPageUrl("123", "https://furgonetka.pl/zlokalizuj/"),
      () => trackingPageUrl("123", "ftp://example.com/{number}"),
      () => trackingPageUrl("123", "/zlokalizuj/{number}"),
    ]) {
      let thrown: unknown;
      try {
        call();
      } catch (error) {
        thrown = error;
      }
      expect(isApiUsageError(thrown)).toBe(true);
    }
  });
});

describe("the trackingPage option of ShippingClient", () => {
  const auth = { accessToken: async () => "token" };

  it("is checked when the client is made", () => {
    expect(
      () => new ShippingClient({ baseUrl: "https://api.furgonetka.pl", auth, trackingPage: "x" }),
    ).toThrow(/^trackingPage: must be the tracking page's address with \{number\}/);
    expect(
      () =>
        new ShippingClient({
          baseUrl: "https://api.furgonetka.pl",
          auth,
          trackingPage: "https://konto.furgonetka.pl/zlokalizuj/{number}",
        }),
    ).not.toThrow();
  });
});
