// Content negotiation: which version an Accept header picks, and which
// Accept and Content-Type values are refused (406, 415).
import { describe, expect, it } from "vitest";
import { mediaTypeOf, negotiateAccept, negotiateContentType, parseAccept } from "./negotiation.ts";
import { RestError } from "./rest-error.ts";

const BOTH = { versions: [1, 2] as const };
const V1 = { versions: [1] as const };

function statusOf(fn: () => unknown): number | undefined {
  try {
    fn();
  } catch (error) {
    if (error instanceof RestError) return error.status;
    throw error;
  }
  return undefined;
}

describe("parseAccept", () => {
  it("orders ranges by q and drops q=0", () => {
    expect(
      parseAccept("text/html;q=0.2, application/json, image/png;q=0").map((r) => r.type),
    ).toEqual(["application/json", "text/html"]);
  });
});

describe("negotiateAccept", () => {
  it("defaults to v1 without Accept, with */* and with application/json", () => {
    for (const header of [undefined, "", "*/*", "application/json", "application/*"]) {
      expect(negotiateAccept(header, BOTH)).toEqual({ version: 1, explicit: false });
    }
  });

  it("picks the vendor version", () => {
    expect(negotiateAccept("application/vnd.furgonetka.v2+json", BOTH)).toEqual({
      version: 2,
      explicit: true,
    });
    expect(negotiateAccept("Application/VND.furgonetka.v1+JSON; charset=utf-8", BOTH)).toEqual({
      version: 1,
      explicit: true,
    });
  });

  it("falls back to a later acceptable range", () => {
    expect(
      negotiateAccept("application/vnd.furgonetka.v2+json, application/json;q=0.5", V1).version,
    ).toBe(1);
  });

  it("refuses a version the endpoint lacks and unknown media types with 406", () => {
    expect(statusOf(() => negotiateAccept("application/vnd.furgonetka.v2+json", V1))).toBe(406);
    expect(statusOf(() => negotiateAccept("application/vnd.furgonetka.v3+json", BOTH))).toBe(406);
    expect(statusOf(() => negotiateAccept("text/html", BOTH))).toBe(406);
  });

  it("accepts the extra media types an endpoint produces", () => {
    const label = { versions: [1] as const, produces: ["application/pdf"] };
    expect(negotiateAccept("application/pdf", label)).toEqual({
      version: 1,
      explicit: false,
      alternative: "application/pdf",
    });
    expect(statusOf(() => negotiateAccept("application/pdf", V1))).toBe(406);
  });
});

describe("negotiateContentType", () => {
  const v2 = negotiateAccept("application/vnd.furgonetka.v2+json", BOTH);
  const none = negotiateAccept(undefined, BOTH);

  it("takes application/json and the matching vendor type", () => {
    expect(negotiateContentType("application/json; charset=utf-8", v2, BOTH)).toBe(2);
    expect(negotiateContentType("application/vnd.furgonetka.v2+json", v2, BOTH)).toBe(2);
  });

  it("lets the body's vendor type pick the version when Accept did not", () => {
    expect(negotiateContentType("application/vnd.furgonetka.v2+json", none, BOTH)).toBe(2);
  });

  it("refuses a missing, mismatched or unknown Content-Type with 415", () => {
    expect(statusOf(() => negotiateContentType(undefined, v2, BOTH))).toBe(415);
    expect(
      statusOf(() => negotiateContentType("application/vnd.furgonetka.v1+json", v2, BOTH)),
    ).toBe(415);
    expect(statusOf(() => negotiateContentType("text/plain", v2, BOTH))).toBe(415);
    expect(
      statusOf(() => negotiateContentType("application/vnd.furgonetka.v2+json", none, V1)),
    ).toBe(415);
  });

  it("reads the media type without parameters", () => {
    expect(mediaTypeOf(" Application/JSON ; charset=UTF-8")).toBe("application/json");
    expect(mediaTypeOf("")).toBeUndefined();
  });
});
