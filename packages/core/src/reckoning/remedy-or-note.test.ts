// What a flagged row offers: the remedy only when the service says the
// package can be cancelled, else a note that says why not, in English or
// Polish: collected by the courier, being cancelled, or not said.
import { describe, expect, it } from "vitest";
import type { PackageDetailsV2 } from "../schemas/index.ts";
import { remedyOrNote } from "./remedy-or-note.ts";

const reference = { storeId: "shop", orderId: "1001" };

function pkg(fields: Partial<PackageDetailsV2>): PackageDetailsV2 {
  return { package_id: 7, datetime_order: "2026-11-23T10:00:00Z", ...fields };
}

describe("remedyOrNote", () => {
  it("offers the remedy only when the service says cancel_available: true", () => {
    expect(
      remedyOrNote(pkg({ state: "ordered", cancel_available: true }), reference, "no_order"),
    ).toEqual({
      remedy: {
        action: "cancel_package",
        packageId: 7,
        storeId: "shop",
        orderId: "1001",
        reason: "no_order",
        commandId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    });
    for (const unsaid of [undefined, null]) {
      const row = remedyOrNote(
        pkg({ state: "ordered", cancel_available: unsaid }),
        reference,
        "no_order",
      );
      expect(row).not.toHaveProperty("remedy");
      expect(row.note).toContain("does not say");
    }
  });

  it("tells a package being cancelled from one the courier has collected", () => {
    const cancelling = remedyOrNote(
      pkg({ state: "ordered", cancel_available: false }),
      reference,
      "second_package",
    );
    expect(cancelling.note).toContain("cancellation");
    expect(cancelling.note).not.toContain("collected");
    const collected = remedyOrNote(
      pkg({ state: "in-transit", cancel_available: false }),
      reference,
      "second_package",
    );
    expect(collected.note).toContain("collected");
    const polish = remedyOrNote(
      pkg({ state: "collected", cancel_available: false }),
      reference,
      "no_order",
      "pl_PL",
    );
    expect(polish.note).toContain("Kurier odebrał");
  });
});
