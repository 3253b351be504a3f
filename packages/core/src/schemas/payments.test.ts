// Tests of the top-up request's rules, case by case: PLN only, at most
// 100,000 zł, whole grosze (with the floating-point amounts that look like
// they have a third decimal), and an http(s) return address.
import { describe, expect, it } from "vitest";
import { validateInput } from "../validation/validate-input.ts";
import { PAYMENT_AMOUNT_MAX, PAYMENT_CURRENCY, PaymentCreateRequestSchema } from "./payments.ts";

function problems(input: unknown, language: "en_GB" | "pl_PL" = "en_GB") {
  const result = validateInput(PaymentCreateRequestSchema, input, { language });
  return result.ok ? [] : result.error.issues;
}

const rules = (input: unknown) => problems(input).map(({ path, rule }) => ({ path, rule }));

describe("PaymentCreateRequestSchema", () => {
  it("takes an amount in PLN with a return address", () => {
    const request = { amount: 150, currency: "PLN", return_url: "https://shop.example.com/paid" };
    expect(PaymentCreateRequestSchema.parse(request)).toEqual(request);
    expect(PAYMENT_CURRENCY).toBe("PLN");
  });

  it("accepts amounts in whole grosze that floating point blurs", () => {
    for (const amount of [19.99, 0.29, 1.15, 4.35, 0.01, 99_999.99, PAYMENT_AMOUNT_MAX]) {
      expect(rules({ amount }), String(amount)).toEqual([]);
    }
  });

  it("sends an amount with floating-point noise rounded to the grosz", () => {
    expect(PaymentCreateRequestSchema.parse({ amount: 0.1 + 0.2 }).amount).toBe(0.3);
    expect(PaymentCreateRequestSchema.parse({ amount: 19.99 }).amount).toBe(19.99);
  });

  it("rejects a fraction of a grosz, in both languages", () => {
    expect(problems({ amount: 19.991 })).toEqual([
      {
        path: "amount",
        rule: "amount_whole_grosze",
        message:
          "Give the amount in złoty with at most two decimal places (whole grosze), such as 19.99.",
      },
    ]);
    expect(problems({ amount: 0.005 }, "pl_PL")[0]?.message).toBe(
      "Podaj kwotę w złotych z najwyżej dwoma miejscami po przecinku (pełne grosze), np. 19,99.",
    );
  });

  it("takes at most 100,000 zł and more than nothing", () => {
    expect(rules({ amount: 100_000.01 })).toEqual([{ path: "amount", rule: "too_big" }]);
    expect(rules({ amount: 0 })).toEqual([{ path: "amount", rule: "too_small" }]);
    expect(rules({ amount: -5 })).toEqual([{ path: "amount", rule: "too_small" }]);
    expect(rules({ amount: "19.99" })).toEqual([{ path: "amount", rule: "invalid_type" }]);
    expect(rules({})).toEqual([{ path: "amount", rule: "required" }]);
  });

  it("takes PLN only, and says so", () => {
    expect(problems({ amount: 10, currency: "EUR" })).toEqual([
      {
        path: "currency",
        rule: "currency_not_supported",
        message: "The account is kept in PLN: give currency PLN, or leave it out.",
      },
    ]);
    expect(problems({ amount: 10, currency: "EUR" }, "pl_PL")[0]?.message).toBe(
      "Konto jest prowadzone w PLN: podaj currency PLN albo pomiń to pole.",
    );
    expect(rules({ amount: 10, currency: "pln" })).toEqual([
      { path: "currency", rule: "invalid_format" },
      { path: "currency", rule: "currency_not_supported" },
    ]);
  });

  it("sends the user back only to an http(s) address", () => {
    expect(rules({ amount: 10, return_url: "http://localhost:3000/back" })).toEqual([]);
    for (const return_url of ["javascript:alert(1)", "ftp://x.example/back", "/back", "data:,x"]) {
      expect(rules({ amount: 10, return_url }), return_url).toEqual([
        { path: "return_url", rule: "invalid_format" },
      ]);
    }
  });

  it("names every problem at once, and an unknown key", () => {
    expect(
      rules({ amount: 1.234, currency: "USD", return_url: "mailto:a@b.pl", description: "x" }),
    ).toEqual([
      { path: "amount", rule: "amount_whole_grosze" },
      { path: "currency", rule: "currency_not_supported" },
      { path: "return_url", rule: "invalid_format" },
      { path: "description", rule: "unknown_field" },
    ]);
  });
});
