// Tests of the package draft: copies that rules may normalize without touching
// the input.
import { describe, expect, it } from "vitest";
import { draftPackage } from "./package-draft.ts";
import { sampleV2Package } from "./sample-packages.ts";

describe("draftPackage", () => {
  it("copies every section a rule may change", () => {
    const input = sampleV2Package();
    const draft = draftPackage(input) as Record<string, unknown>;
    expect(draft).toEqual(input);
    for (const key of ["pickup", "sender", "receiver", "additional_services", "parcels"]) {
      expect(draft[key], key).not.toBe(input[key]);
    }
    const services = draft["additional_services"] as Record<string, unknown>;
    expect(services["cod"]).not.toBe(
      (input["additional_services"] as Record<string, unknown>)["cod"],
    );
    expect((draft["parcels"] as unknown[])[0]).not.toBe((input["parcels"] as unknown[])[0]);
  });

  it("keeps values that are not objects as they are", () => {
    const draft = draftPackage({ receiver: "x", parcels: [1, null] }) as Record<string, unknown>;
    expect(draft).toEqual({ receiver: "x", parcels: [1, null] });
  });

  it("has no draft for a non-object", () => {
    expect(draftPackage([])).toBeUndefined();
    expect(draftPackage("package")).toBeUndefined();
  });
});
