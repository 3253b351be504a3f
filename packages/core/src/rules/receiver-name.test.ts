// Tests of the rule that the receiver has a first name and a surname (or a
// company).
import { describe, expect, it } from "vitest";
import { IssueCollector } from "../issues/issue-collector.ts";
import { checkReceiverName, hasFirstNameAndSurname } from "./receiver-name.ts";

function check(receiver: Record<string, unknown>) {
  const findings = new IssueCollector();
  checkReceiverName(receiver, findings);
  return findings.errors;
}

describe("receiver first name and surname", () => {
  it.each([
    "Jan Kowalski",
    "Anna Maria Nowak",
    "  Łucja   Żółw  ",
    "Jan Kowalska-Nowak",
    "O'Neil Ann",
  ])("accepts %j", (name) => {
    expect(hasFirstNameAndSurname(name)).toBe(true);
    expect(check({ name })).toEqual([]);
  });

  it.each(["Kowalski", "  Jan  ", "Jan 123", "J. -", "Jan\t"])("rejects %j", (name) => {
    expect(hasFirstNameAndSurname(name)).toBe(false);
    expect(check({ name })).toEqual([
      { path: "receiver.name", rule: "receiver_name_incomplete", params: {} },
    ]);
  });

  it("accepts a single name when a company is the addressee", () => {
    expect(check({ name: "Recepcja", company: "ACME sp. z o.o." })).toEqual([]);
  });

  it("still asks for two words when the company is blank", () => {
    expect(check({ name: "Recepcja", company: "  " })).toHaveLength(1);
    expect(check({ name: "Recepcja", company: null })).toHaveLength(1);
  });

  it("leaves a missing or non-string name to the schema", () => {
    expect(check({})).toEqual([]);
    expect(check({ name: "" })).toEqual([]);
    expect(check({ name: 42 })).toEqual([]);
  });

  it("handles a huge name without scanning it word by word", () => {
    expect(hasFirstNameAndSurname(`Jan ${"a".repeat(100_000)}`)).toBe(true);
    expect(hasFirstNameAndSurname("a".repeat(100_000))).toBe(false);
  });
});
