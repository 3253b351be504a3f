// Tests that the request schemas refuse control and bidi override characters
// in names, companies, streets, postcodes, cities and labels, with the rule
// code, the character and its position, in English and Polish, and that
// answers (tolerant) still read them.
import { describe, expect, it } from "vitest";
import { validateInput } from "../validation/validate-input.ts";
import { AddressOutSchema, AddressSchema, ReceiverSchema } from "./address.ts";
import { AddressBookEntryRequestSchema } from "./address-book.ts";
import { FreeTextSchema } from "./free-text.ts";
import { TemplateV2RequestSchema } from "./templates.ts";
import { UserDataEditRequestSchema } from "./user-data.ts";

const address = {
  name: "Anna Nowak",
  company: "Sklep",
  street: "Piotrkowska 100",
  postcode: "90-004",
  city: "Łódź",
  country_code: "PL",
  county: "łódzkie",
  phone: "500200300",
};

describe("free text in requests", () => {
  it("names the field, the rule, the character and its position", () => {
    const result = validateInput(AddressSchema, { ...address, street: "Piotrkowska\u202e 001" });
    expect(result.ok ? [] : result.error.issues).toEqual([
      {
        path: "street",
        rule: "text_forbidden_character",
        message:
          "This text contains an invisible control or text-direction character (U+202E, character 12); remove it.",
      },
    ]);
    const pl = validateInput(
      AddressSchema,
      { ...address, name: "Anna\u0000" },
      { language: "pl_PL" },
    );
    expect(pl.ok ? "" : pl.error.issues[0]?.message).toBe(
      "Ten tekst zawiera niewidoczny znak sterujący lub zmieniający kierunek tekstu (U+0000, znak nr 5); usuń go.",
    );
  });

  it("checks every free-text field of an address", () => {
    for (const field of ["name", "company", "street", "postcode", "city", "county"]) {
      const result = validateInput(ReceiverSchema, { ...address, [field]: "x\u2066y" });
      expect(result.ok ? [] : result.error.issues.map((i) => [i.path, i.rule]), field).toEqual([
        [field, "text_forbidden_character"],
      ]);
    }
  });

  it("checks the user's data, address book labels and template names", () => {
    const user = validateInput(UserDataEditRequestSchema, {
      name: "Jan\n",
      surname: "K\u0085",
      city: "W\u202dawa",
    });
    expect(user.ok ? [] : user.error.issues.map((i) => [i.path, i.rule])).toEqual([
      ["name", "text_forbidden_character"],
      ["surname", "text_forbidden_character"],
      ["city", "text_forbidden_character"],
    ]);
    const entry = validateInput(AddressBookEntryRequestSchema, {
      type: "sender",
      label: "Magazyn\t1",
      address,
    });
    expect(entry.ok ? [] : entry.error.issues.map((i) => [i.path, i.rule])).toEqual([
      ["label", "text_forbidden_character"],
    ]);
    const template = validateInput(TemplateV2RequestSchema, {
      name: "\u202eabc",
      packages: [{}],
    });
    expect(template.ok ? [] : template.error.issues.map((i) => [i.path, i.rule])).toEqual([
      ["name", "text_forbidden_character"],
    ]);
  });

  it("keeps an empty name's own problem and passes clean text", () => {
    const empty = validateInput(AddressSchema, { ...address, name: "" });
    expect(empty.ok ? [] : empty.error.issues.map((i) => i.rule)).toEqual(["too_small"]);
    expect(FreeTextSchema.safeParse("Zażółć gęślą jaźń 🚚").success).toBe(true);
  });

  it("still reads such text in answers, which are tolerant", () => {
    expect(AddressOutSchema.parse({ name: "Anna\u202e" }).name).toBe("Anna\u202e");
  });
});
