// What a package's layers test reads: the source files under a `src/`
// folder (tests and test helpers left out) and the imports each one makes,
// with relative specifiers resolved to paths under `src/`. Each package's
// `layers.test.ts` ranks its folders and checks the imports with these.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

const IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?["']([^"']+)["']/gm;

/** One import or re-export of a file, and whether it is erased at run time. */
export interface SourceImport {
  readonly specifier: string;
  readonly typeOnly: boolean;
}

/** The `.ts` files under `src`, as `/`-separated paths, without those `testFile` matches. */
export function sourceFiles(src: string, testFile: RegExp): string[] {
  return (readdirSync(src, { recursive: true }) as string[])
    .map((file) => file.split("\\").join("/"))
    .filter((file) => file.endsWith(".ts") && !testFile.test(file))
    .sort();
}

/** The imports of `file` (a path under `src`), in the order they are written. */
export function importsOf(src: string, file: string): SourceImport[] {
  const text = readFileSync(join(src, file), "utf8");
  return [...text.matchAll(IMPORT)].map((m) => ({
    specifier: m[2] as string,
    typeOnly: m[1] !== undefined,
  }));
}

/** The path under `src` that a relative `specifier` of `from` names. */
export function resolveRelative(src: string, from: string, specifier: string): string {
  return relative(src, join(src, dirname(from), specifier))
    .split("\\")
    .join("/");
}
