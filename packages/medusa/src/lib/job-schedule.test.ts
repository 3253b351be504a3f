// The reconcile job's schedule read from the environment.
import { describe, expect, it } from "vitest";
import { RECONCILE_EVERY_SECONDS, reconcileSchedule } from "./job-schedule.ts";

describe("reconcileSchedule", () => {
  it("runs every 15 minutes unless told otherwise", () => {
    expect(reconcileSchedule({})).toBe("*/15 * * * *");
    expect(reconcileSchedule({ [RECONCILE_EVERY_SECONDS]: " " })).toBe("*/15 * * * *");
  });

  it("runs every N seconds when SHIPBRIDGE_RECONCILE_EVERY_SECONDS is set", () => {
    expect(reconcileSchedule({ [RECONCILE_EVERY_SECONDS]: "3" })).toEqual({ interval: 3000 });
  });

  it("refuses anything but a whole number of seconds, in English and Polish", () => {
    for (const raw of ["0", "-5", "1.5", "soon"]) {
      expect(() => reconcileSchedule({ [RECONCILE_EVERY_SECONDS]: raw })).toThrow(
        expect.objectContaining({
          code: "reconcile_schedule_invalid",
          message: expect.stringMatching(
            new RegExp(`^${RECONCILE_EVERY_SECONDS}: must be .* / musi być`),
          ),
        }),
      );
    }
  });
});
