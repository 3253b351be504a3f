// Tests of the tracking push checksum and its verification, case by case:
// the formula (against digests computed independently with md5sum), the
// empty fields, a constant-time match that accepts upper-case hex, every kind
// of tampering, malformed and raw bodies, and that the secret never leaks.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { trackingPushControl, verifyTrackingPush } from "./tracking-push-control.ts";

const SECRET = "a-shared-secret-of-32-characters";

const unsigned = {
  package_id: 20126195,
  package_no: "6PAK123456789",
  partner_order_id: "order-1001",
  tracking: {
    state: "delivered",
    description: "Przesyłka doręczona",
    datetime: "2026-09-03T14:05:00+02:00",
    branch: "WAW-1",
  },
};

// printf '%s' 20126195 6PAK123456789 order-1001 delivered 'Przesyłka doręczona' \
//   2026-09-03T14:05:00+02:00 WAW-1 a-shared-secret-of-32-characters | md5sum
const CONTROL = "5b798650d9b8ee7713080eb5ee04800e";

const signed = { ...unsigned, control: CONTROL };

describe("trackingPushControl", () => {
  it("is the MD5 hex of the fields and the secret, joined without separators (UTF-8)", () => {
    expect(trackingPushControl(unsigned, SECRET)).toBe(CONTROL);
  });

  it("reads a missing or null partner_order_id, description and branch as empty text", () => {
    // printf '%s' 7 X1 '' ordered '' 2026-09-03T10:00:00Z '' sixteen-chars-xx | md5sum
    const expected = "7713192cc10e00e20d1749dac96cc6b1";
    const base = { package_id: 7, package_no: "X1" };
    expect(
      trackingPushControl(
        { ...base, tracking: { state: "ordered", datetime: "2026-09-03T10:00:00Z" } },
        "sixteen-chars-xx",
      ),
    ).toBe(expected);
    expect(
      trackingPushControl(
        {
          ...base,
          partner_order_id: null,
          tracking: {
            state: "ordered",
            description: null,
            datetime: "2026-09-03T10:00:00Z",
            branch: null,
          },
        },
        "sixteen-chars-xx",
      ),
    ).toBe(expected);
  });

  it("gives the same checksum for package_id as a number or as numeric text", () => {
    expect(trackingPushControl({ ...unsigned, package_id: "20126195" }, SECRET)).toBe(CONTROL);
  });

  it("refuses an empty secret without naming it", () => {
    expect(() => trackingPushControl(unsigned, "")).toThrow(TypeError);
  });
});

describe("verifyTrackingPush", () => {
  it("answers the typed push when the checksum matches", () => {
    const result = verifyTrackingPush(signed, SECRET);
    expect(result).toEqual({ ok: true, value: signed, warnings: [] });
    if (result.ok) expect(result.value.tracking.state).toBe("delivered");
  });

  it("accepts the checksum in upper-case hex and keeps unknown keys", () => {
    const result = verifyTrackingPush(
      { ...signed, control: CONTROL.toUpperCase(), carrier: "dpd" },
      SECRET,
    );
    expect(result.ok).toBe(true);
    expect(result.ok && result.value["carrier"]).toBe("dpd");
  });

  it("reads the raw body as text or bytes", () => {
    const text = JSON.stringify(signed);
    expect(verifyTrackingPush(text, SECRET).ok).toBe(true);
    expect(verifyTrackingPush(new TextEncoder().encode(text), SECRET).ok).toBe(true);
  });

  it("rejects a push signed with another secret, in both languages", () => {
    const en = verifyTrackingPush(signed, "another-secret-of-16+");
    expect(en.ok ? [] : en.error.issues).toEqual([
      {
        path: "control",
        rule: "tracking_push_control_mismatch",
        message:
          "The control checksum does not match: this push was not signed with your webhook secret, or it was changed on the way. Do not act on it.",
      },
    ]);
    const pl = verifyTrackingPush(signed, "another-secret-of-16+", { language: "pl_PL" });
    expect(pl.ok ? "" : pl.error.issues[0]?.message).toMatch(/^Suma kontrolna control się nie/);
  });

  it("rejects every field changed after signing", () => {
    const changes = [
      { package_id: 20126196 },
      { package_no: "6PAK123456780" },
      { partner_order_id: "order-1002" },
      { partner_order_id: null },
      { tracking: { ...unsigned.tracking, state: "canceled" } },
      { tracking: { ...unsigned.tracking, description: "Przesyłka doręczona." } },
      { tracking: { ...unsigned.tracking, datetime: "2026-09-03T14:06:00+02:00" } },
      { tracking: { ...unsigned.tracking, branch: "KRK-1" } },
      { control: "0".repeat(32) },
    ];
    for (const change of changes) {
      const result = verifyTrackingPush({ ...signed, ...change }, SECRET);
      expect(result.ok ? "" : result.error.issues[0]?.rule, JSON.stringify(change)).toBe(
        "tracking_push_control_mismatch",
      );
    }
  });

  it("names every problem of a malformed push by its path", () => {
    const result = verifyTrackingPush(
      { package_id: 0, package_no: 5, tracking: { state: "x" }, control: "abc" },
      SECRET,
    );
    expect(result.ok ? [] : result.error.issues.map(({ path, rule }) => ({ path, rule }))).toEqual([
      { path: "package_id", rule: "too_small" },
      { path: "package_no", rule: "invalid_type" },
      { path: "tracking.datetime", rule: "required" },
      { path: "control", rule: "invalid_format" },
    ]);
  });

  it("answers input_unreadable for a body that is not JSON", () => {
    const result = verifyTrackingPush("{not json", SECRET);
    expect(result.ok ? [] : result.error.issues.map((i) => i.rule)).toEqual(["input_unreadable"]);
  });

  it("refuses to run without a secret", () => {
    expect(() => verifyTrackingPush(signed, "")).toThrow(TypeError);
    expect(() => verifyTrackingPush(signed, undefined as unknown as string)).toThrow(TypeError);
  });

  it("never throws for any body, and never puts the secret in a message", () => {
    fc.assert(
      fc.property(fc.anything(), fc.string({ minLength: 1 }), (body, secret) => {
        const result = verifyTrackingPush(body, `${secret}-secret-marker`);
        if (result.ok) return true;
        return (
          !result.error.message.includes("-secret-marker") &&
          result.error.issues.every((issue) => !issue.message.includes("-secret-marker"))
        );
      }),
      { numRuns: 2000 },
    );
  });

  it("accepts every push it signs itself, and only under that secret", () => {
    const push = fc.record({
      package_id: fc.integer({ min: 1, max: 2 ** 31 }),
      package_no: fc.string({ minLength: 1 }),
      partner_order_id: fc.option(fc.string(), { nil: null }),
      tracking: fc.record({
        state: fc.string({ minLength: 1 }),
        description: fc.string(),
        datetime: fc.string({ minLength: 1 }),
        branch: fc.option(fc.string(), { nil: null }),
      }),
    });
    fc.assert(
      fc.property(push, fc.string({ minLength: 16, maxLength: 64 }), (p, secret) => {
        const body = { ...p, control: trackingPushControl(p, secret) };
        return (
          verifyTrackingPush(JSON.parse(JSON.stringify(body)), secret).ok &&
          !verifyTrackingPush(body, `${secret}x`).ok
        );
      }),
      { numRuns: 1000 },
    );
  });
});
