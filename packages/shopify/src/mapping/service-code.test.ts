import { describe, expect, it } from "vitest";
import { decodeServiceCode, encodeServiceCode } from "./service-code.ts";

describe("service codes", () => {
  it("round-trips a courier and a point choice", () => {
    const courier = { kind: "courier", service: "dpd" } as const;
    const point = { kind: "point", service: "inpost", point: "WAW02AP" } as const;
    expect(encodeServiceCode(courier)).toBe("shipbridge:dpd");
    expect(encodeServiceCode(point)).toBe("shipbridge:inpost:point:WAW02AP");
    expect(decodeServiceCode(encodeServiceCode(courier))).toEqual(courier);
    expect(decodeServiceCode(encodeServiceCode(point))).toEqual(point);
  });

  it("ignores codes of rates this app did not offer, and malformed ones", () => {
    for (const code of [
      null,
      undefined,
      "",
      "STANDARD",
      "shipbridge",
      "shipbridge:dpd:x",
      "other:dpd",
    ]) {
      expect(decodeServiceCode(code)).toBeUndefined();
    }
  });

  it("refuses a part that would break the code", () => {
    expect(() => encodeServiceCode({ kind: "point", service: "inpost", point: "A:B" })).toThrow(
      TypeError,
    );
  });
});
