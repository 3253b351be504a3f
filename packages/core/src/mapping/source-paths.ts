// Where each field of a built package came from. Validation names package
// paths (`receiver.phone`, `parcels[0].weight`); a merchant fixes the ORDER or
// the OPTIONS, so toPackage rewrites every problem to the path of its source
// (`order.shipping_address.phone`, `order.items`, `options.cod.iban`).
// The longest recorded prefix wins; a path with no recorded source keeps its
// package path under `package.`.

export class SourcePaths {
  readonly #entries: [packagePath: string, sourcePath: string][] = [];

  /** Records that the package field at `packagePath` (and everything under it) came from `sourcePath`. */
  set(packagePath: string, sourcePath: string): void {
    const existing = this.#entries.findIndex(([path]) => path === packagePath);
    if (existing >= 0) this.#entries.splice(existing, 1);
    this.#entries.push([packagePath, sourcePath]);
  }

  /** The source path of a package path. */
  sourceOf(packagePath: string): string {
    let best: [string, string] | undefined;
    for (const entry of this.#entries) {
      const [prefix] = entry;
      if (!covers(prefix, packagePath)) continue;
      if (best === undefined || prefix.length > best[0].length) best = entry;
    }
    if (best === undefined) return packagePath === "" ? "package" : `package.${packagePath}`;
    return best[1] + packagePath.slice(best[0].length);
  }
}

/** True when `path` is `prefix` or lies under it (`prefix.x`, `prefix[0]`). */
export function covers(prefix: string, path: string): boolean {
  if (prefix === "") return true;
  if (path === prefix) return true;
  if (!path.startsWith(prefix)) return false;
  const next = path[prefix.length];
  return next === "." || next === "[";
}
