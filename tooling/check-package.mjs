// check:packages for one published package (run from its folder after build):
// publint --strict, arethetypeswrong (esm-only profile), and a consumer test
// that loads the built package through require(), as Medusa loads plugins.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const cwd = process.cwd();
const pkg = JSON.parse(readFileSync(join(cwd, "package.json"), "utf8"));
const run = (cmd, args) => execFileSync(cmd, args, { cwd, stdio: "inherit" });

run("pnpm", ["exec", "publint", "--strict"]);
run("pnpm", ["exec", "attw", "--pack", ".", "--profile", "esm-only"]);

const [major] = process.versions.node.split(".").map(Number);
if (major < 22)
  throw new Error(`the require() consumer test needs Node >= 22, found ${process.version}`);
const require = createRequire(join(cwd, "package.json"));
const loaded = require(join(cwd, pkg.exports["."].default));
const names = Object.keys(loaded);
if (names.length === 0) throw new Error(`${pkg.name}: require() returned a module with no exports`);
console.log(`${pkg.name}: require() loads ${names.length} exports`);
