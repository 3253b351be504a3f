// Tests of turning zod issues into findings with our rule codes.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { IssueCollector } from "../issues/issue-collector.ts";
import { PointsMapRequestSchema } from "../schemas/index.ts";
import { reportZodIssues } from "./zod-issues.ts";

function report(schema: z.ZodType, input: unknown) {
  const parsed = schema.safeParse(input, { reportInput: true });
  const findings = new IssueCollector();
  if (!parsed.success) reportZodIssues(parsed.error.issues, findings);
  return findings.errors;
}

const shape = z.strictObject({
  name: z.string().min(1),
  kind: z.enum(["a", "b"]),
  count: z.number().int().positive().max(10).optional(),
  tags: z.array(z.string()).min(1).max(2).optional(),
  email: z.email().optional(),
  code: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  either: z.union([z.string(), z.number()]).optional(),
  nested: z.strictObject({ inner: z.boolean() }).optional(),
});

describe("zod issues as findings", () => {
  it("reports an unknown key by name, with the key in the path", () => {
    expect(
      report(shape, { name: "x", kind: "a", extra: 1, nested: { inner: true, more: 2 } }),
    ).toEqual([
      { path: "nested.more", rule: "unknown_field", params: { field: "more" } },
      { path: "extra", rule: "unknown_field", params: { field: "extra" } },
    ]);
  });

  it("reports missing values as required", () => {
    expect(report(shape, {})).toEqual([
      { path: "name", rule: "required", params: {} },
      { path: "kind", rule: "required", params: {} },
    ]);
  });

  it("reports a wrong type with the expected one", () => {
    expect(report(shape, { name: 5, kind: "a" })).toEqual([
      { path: "name", rule: "invalid_type", params: { expected: "string" } },
    ]);
    expect(report(shape, { name: "x", kind: "a", nested: null })[0]).toMatchObject({
      path: "nested",
      rule: "invalid_type",
    });
  });

  it("reports a value outside an enumeration with the allowed values", () => {
    expect(report(shape, { name: "x", kind: "c" })).toEqual([
      { path: "kind", rule: "invalid_value", params: { allowed: "a, b" } },
    ]);
  });

  it("reports bounds", () => {
    expect(report(shape, { name: "", kind: "a", count: 0, tags: ["a", "b", "c"] })).toEqual([
      {
        path: "name",
        rule: "too_small",
        params: { origin: "string", minimum: "1", inclusive: "yes" },
      },
      {
        path: "count",
        rule: "too_small",
        params: { origin: "number", minimum: "0", inclusive: "no" },
      },
      {
        path: "tags",
        rule: "too_big",
        params: { origin: "array", maximum: "2", inclusive: "yes" },
      },
    ]);
  });

  it("reports formats without leaking patterns", () => {
    expect(report(shape, { name: "x", kind: "a", email: "no", code: "pl" })).toEqual([
      { path: "email", rule: "invalid_format", params: { format: "email" } },
      { path: "code", rule: "invalid_format", params: { format: "" } },
    ]);
  });

  it("reports a failed union as an invalid value", () => {
    expect(report(shape, { name: "x", kind: "a", either: true })).toEqual([
      { path: "either", rule: "invalid_value", params: {} },
    ]);
  });

  it("formats array paths with indexes", () => {
    expect(
      report(z.strictObject({ list: z.array(z.strictObject({ w: z.number() })) }), {
        list: [{ w: 1 }, { w: "2" }],
      }),
    ).toEqual([{ path: "list[1].w", rule: "invalid_type", params: { expected: "number" } }]);
  });

  it("maps the package schema's carrier check to service_required", () => {
    const schema = z.object({ service: z.string().optional() }).superRefine((value, ctx) => {
      if (value.service === undefined) {
        ctx.addIssue({
          code: "custom",
          path: ["service"],
          message: "x",
          params: { rule: "service_required" },
        });
      }
    });
    expect(report(schema, {})).toEqual([{ path: "service", rule: "service_required", params: {} }]);
  });

  it("maps the points-map location check to location_required", () => {
    expect(report(PointsMapRequestSchema, { location: {} })).toEqual([
      { path: "location", rule: "location_required", params: {} },
    ]);
  });

  it("maps any other refinement to invalid_value", () => {
    const schema = z.string().refine((value) => value === "ok", { params: { rule: "odd" } });
    expect(report(schema, "no")).toEqual([{ path: "", rule: "invalid_value", params: {} }]);
  });

  it("shortens a huge unknown key", () => {
    const key = "k".repeat(10_000);
    const [finding] = report(shape, { name: "x", kind: "a", [key]: 1 });
    expect(finding?.path.length).toBeLessThan(100);
    expect(String(finding?.params["field"]).length).toBeLessThan(100);
  });
});
