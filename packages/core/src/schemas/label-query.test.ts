// Tests of the label query: the page format override, named by its query key.
import { describe, expect, it } from "vitest";
import { validateInput } from "../validation/validate-input.ts";
import { LabelFileFormatSchema, LabelPageFormatSchema, LabelQuerySchema } from "./label-query.ts";

describe("LabelQuerySchema", () => {
  it("takes a4 or a6, or nothing", () => {
    expect(LabelQuerySchema.parse({})).toEqual({});
    expect(LabelQuerySchema.parse({ "label[page_format]": "a6" })).toEqual({
      "label[page_format]": "a6",
    });
  });

  it("names another page format at its query key, with the allowed values", () => {
    const result = validateInput(LabelQuerySchema, { "label[page_format]": "a5" });
    expect(result.ok ? [] : result.error.issues).toEqual([
      {
        path: "label[page_format]",
        rule: "invalid_value",
        message: "This value is not allowed; use one of: a4, a6.",
      },
    ]);
  });

  it("names an unknown query key", () => {
    const result = validateInput(LabelQuerySchema, { page_format: "a6" });
    expect(result.ok ? [] : result.error.issues.map((i) => [i.path, i.rule])).toEqual([
      ["page_format", "unknown_field"],
    ]);
  });

  it("knows the page and file formats", () => {
    expect(LabelPageFormatSchema.options).toEqual(["a4", "a6"]);
    expect(LabelFileFormatSchema.options).toEqual(["pdf", "zpl"]);
  });
});
