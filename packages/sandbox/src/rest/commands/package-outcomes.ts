// How a command decides each of its packages: in the order the request lists
// them, a package listed twice or not on the account is refused for that
// reason (core's package_listed_twice, package_not_found); every other
// package goes to the command's own decision, which either refuses it (one of
// core's rule codes and its message's parameters) or does its work and
// accepts it. A refusal is reported at the package's path, packages[i].id.
import type { StoredPackage } from "../storage/stored-package.ts";
import type { PackageOutcome, Refusal } from "./command-store.ts";

/** Refuses the package with this reason, or returns undefined to accept it. */
export type PackageDecision = (pkg: StoredPackage) => Refusal | undefined;

export function decidePackages(
  refs: readonly { readonly id: number }[],
  find: (id: number) => StoredPackage | undefined,
  decide: PackageDecision,
): PackageOutcome[] {
  const seen = new Set<number>();
  return refs.map(({ id }, index): PackageOutcome => {
    const refuse = (refusal: Refusal): PackageOutcome => ({
      package_id: id,
      ok: false,
      error: { path: `packages[${index}].id`, ...refusal },
    });
    if (seen.has(id)) return refuse({ rule: "package_listed_twice", params: { package_id: id } });
    seen.add(id);
    const pkg = find(id);
    if (!pkg) return refuse({ rule: "package_not_found", params: { package_id: id } });
    const refusal = decide(pkg);
    return refusal ? refuse(refusal) : { package_id: id, ok: true };
  });
}
