// The Node version the repository promises is the one CI tests (Node 24):
// the root package.json and every package say the same `engines.node`.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../../../..");

function engines(dir: string): unknown {
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
    engines?: { node?: unknown };
  };
  return manifest.engines?.node;
}

it("the root and every package require Node 24 or later", () => {
  const packages = readdirSync(join(ROOT, "packages"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join("packages", entry.name));
  const found = Object.fromEntries(
    [".", ...packages].map((dir) => [dir, engines(join(ROOT, dir))]),
  );
  expect(found).toEqual(Object.fromEntries(Object.keys(found).map((dir) => [dir, ">=24"])));
  expect(Number(process.versions.node.split(".")[0])).toBeGreaterThanOrEqual(24);
});
