// The packages a command of the shipping day left out (a documents command,
// a pickup command, a cancel command), read from its `errors`: one entry per
// package with the service's rule and message, in the order the packages
// were asked for. An error names its package by `package_id`, or by its
// path (`packages[3].id`) in the request.
import type { CommandError } from "../schemas/index.ts";

export interface SkippedPackage {
  readonly packageId: number;
  /** The service's rule (package_not_ordered, pickup_unavailable, ...), or "service" when it gave none. */
  readonly rule: string;
  readonly message: string;
}

/** The index of `packages[3].id` in a command error's path. */
function indexOf(path: string | null | undefined): number | undefined {
  const match = /^packages\[(\d+)\]/.exec(path ?? "");
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/** The refusals of the packages asked for (`packageIds`, in request order) that were not `done`. */
export function commandRefusals(
  errors: readonly CommandError[] | null | undefined,
  packageIds: readonly number[],
  done: ReadonlySet<number>,
): SkippedPackage[] {
  const skipped = new Map<number, SkippedPackage>();
  for (const error of errors ?? []) {
    const index = indexOf(error.path);
    const packageId = error.package_id ?? (index === undefined ? undefined : packageIds[index]);
    if (packageId === undefined || done.has(packageId) || skipped.has(packageId)) continue;
    const rule = (error as { rule?: unknown }).rule;
    skipped.set(packageId, {
      packageId,
      rule: typeof rule === "string" && rule !== "" ? rule : "service",
      message: error.message,
    });
  }
  return packageIds.flatMap((id) => {
    const entry = skipped.get(id);
    return entry === undefined ? [] : [entry];
  });
}
