// The layers of the picker, held by a test: the texts (i18n/) and the map's
// arithmetic (map/) import nothing; the client (client/) and how a point is
// named (points/) import only those and core's browser-safe errors; only
// react/ imports React. So the root entry runs in any storefront, React or
// not, and in a browser (no Node built-in anywhere but in tests).
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { expect, it } from "vitest";

const root = import.meta.dirname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** What a file imports: a folder of this package ("client", …) or a package name. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/^(?:import|export)[^;]*?from "([^"]+)"/gms)].map((match) => {
    const target = match[1] ?? "";
    if (!target.startsWith(".")) return target;
    const resolved = relative(root, join(file, "..", target));
    return resolved.includes("/") ? resolved.split("/")[0]! : "(root)";
  });
}

const ALLOWED: Record<string, readonly string[]> = {
  i18n: [],
  map: [],
  client: ["i18n", "@shipbridge/core/errors"],
  points: ["client", "i18n"],
  react: ["client", "i18n", "map", "points", "react"],
  "(root)": ["client", "i18n", "points"],
};

it("imports only downward, React only in react/, nothing of Node", () => {
  const files = sources(root);
  expect(files.length).toBeGreaterThan(8);
  for (const file of files) {
    const path = relative(root, file);
    const layer = path.includes("/") ? path.split("/")[0]! : "(root)";
    const allowed = ALLOWED[layer];
    expect({ path, known: allowed !== undefined }).toEqual({ path, known: true });
    const foreign = importsOf(file).filter(
      (target) => target !== layer && !allowed?.includes(target),
    );
    expect({ path, foreign }).toEqual({ path, foreign: [] });
  }
});
