// What the merchant reads when a chosen pickup point cannot take the parcel
// (core's pointClosure decides that).
import { describe, expect, it } from "vitest";
import { pointIssues } from "./attention-issues.ts";

describe("pointIssues", () => {
  it("names the point and the holiday in Polish and English", () => {
    const issues = pointIssues("POP-KRA123", "holiday");
    expect(issues.pl_PL).toEqual([
      {
        path: "order.pickup_point.code",
        rule: "point_unavailable",
        message: "Punkt POP-KRA123 jest zamknięty na czas przerwy świątecznej; wybierz inny.",
      },
    ]);
    expect(issues.en_GB?.[0]?.message).toBe(
      "Point POP-KRA123 is closed for a holiday; choose another.",
    );
  });
});
