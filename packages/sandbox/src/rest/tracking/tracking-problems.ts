// Problem states on a package's tracking, put on by the test control
// POST /_sandbox/packages/{id}/tracking: `collect-problem`, `delivery-problem`
// or `returned`, at the sandbox clock's now, with an optional text. The
// service reports these states, but the sandbox's own timeline never reaches
// them, so clients test their handling of problems this way. The package must
// have tracking (its order completed), not be cancelled and not be returned.
import { z } from "zod";
import type { SandboxContext } from "../../context.ts";
import { PackageStore, type TrackingProblem } from "../storage/stored-package.ts";
import { packageState } from "./tracking-timeline.ts";

export const PROBLEM_STATES = ["collect-problem", "delivery-problem", "returned"] as const;

export const TrackingProblemInputSchema = z.strictObject({
  state: z.enum(PROBLEM_STATES, {
    error: `state is required: one of ${PROBLEM_STATES.join(", ")}`,
  }),
  description: z
    .string("description must be text")
    .trim()
    .min(1, "description must not be empty; leave it out for the state's own description")
    .max(200, "description must be at most 200 characters")
    .optional(),
});
export type TrackingProblemInput = z.output<typeof TrackingProblemInputSchema>;

/** Why a problem state cannot be put on the package. */
export type TrackingProblemRefusal =
  | "package_not_found"
  | "package_not_ordered"
  | "package_canceled"
  | "package_returned";

export type TrackingProblemResult =
  | { readonly ok: true; readonly problem: TrackingProblem }
  | { readonly ok: false; readonly reason: TrackingProblemRefusal };

/** Appends the problem state to the package's tracking, at the sandbox clock's now. */
export function addTrackingProblem(
  ctx: SandboxContext,
  packageId: number,
  input: TrackingProblemInput,
): TrackingProblemResult {
  const packages = new PackageStore(ctx.db);
  return ctx.db.transaction((): TrackingProblemResult => {
    const pkg = packages.findAnyAccount(packageId);
    if (!pkg) return { ok: false, reason: "package_not_found" };
    const now = ctx.clock.nowMs();
    const state = packageState(pkg, now);
    if (state === "canceled" || pkg.cancelCommand !== null)
      return { ok: false, reason: "package_canceled" };
    if (state === "waiting") return { ok: false, reason: "package_not_ordered" };
    if (state === "returned") return { ok: false, reason: "package_returned" };
    const problem: TrackingProblem = {
      state: input.state,
      description: input.description ?? null,
      at: now,
    };
    packages.addTrackingProblem(pkg.id, problem);
    return { ok: true, problem };
  });
}
