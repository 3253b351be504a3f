// How a command decides each of its packages: in the order the request lists
// them, a package listed twice or not on the account is refused for that
// reason; every other package goes to the command's own decision, which
// either refuses it (a reason in both languages) or does its work and
// accepts it. A refusal is reported at the package's path, packages[i].id.
import type { Localized } from "../http/rest-error.ts";
import type { StoredPackage } from "../packages/stored-package.ts";
import type { PackageOutcome } from "./command-store.ts";

/** Refuses the package with this reason, or returns undefined to accept it. */
export type PackageDecision = (pkg: StoredPackage) => Localized | undefined;

export function noSuchPackage(id: number): Localized {
  return {
    en_GB: `There is no package ${id} on this account.`,
    pl_PL: `Na tym koncie nie ma przesyłki ${id}.`,
  };
}

export function decidePackages(
  refs: readonly { readonly id: number }[],
  find: (id: number) => StoredPackage | undefined,
  decide: PackageDecision,
): PackageOutcome[] {
  const seen = new Set<number>();
  return refs.map(({ id }, index): PackageOutcome => {
    const refuse = (message: Localized): PackageOutcome => ({
      package_id: id,
      ok: false,
      error: { path: `packages[${index}].id`, message },
    });
    if (seen.has(id))
      return refuse({
        en_GB: `Package ${id} is listed more than once.`,
        pl_PL: `Przesyłka ${id} występuje więcej niż raz.`,
      });
    seen.add(id);
    const pkg = find(id);
    if (!pkg) return refuse(noSuchPackage(id));
    const refusal = decide(pkg);
    return refusal ? refuse(refusal) : { package_id: id, ok: true };
  });
}
