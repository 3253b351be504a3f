// Tests of validateInput, the validation of any other request against its
// schema.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { PackageRefSchema } from "../schemas/index.ts";
import { validateInput } from "./validate-input.ts";

describe("validateInput", () => {
  it("returns the parsed value", () => {
    expect(validateInput(PackageRefSchema, { id: 5 })).toEqual({
      ok: true,
      value: { id: 5 },
      warnings: [],
    });
  });

  it("returns the ValidationError with every issue", () => {
    const result = validateInput(PackageRefSchema, { id: -1, more: true }, { language: "pl_PL" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.issues.map(({ path, rule }) => ({ path, rule }))).toEqual([
      { path: "id", rule: "too_small" },
      { path: "more", rule: "unknown_field" },
    ]);
    expect(result.error.message).toMatch(/^2 problemy: /);
  });

  it("never throws, even when the schema itself throws", () => {
    const throwing = z.string().transform(() => {
      throw new Error("boom");
    });
    expect(validateInput(throwing, "x").ok).toBe(false);
  });
});
