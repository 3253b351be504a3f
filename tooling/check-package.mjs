// check:packages for one published package (run from its folder after build):
// publint --strict, arethetypeswrong (esm-only profile), and consumer tests on
// the packed tarball as npm users get it: installed with npm into a scratch
// folder (with the tarballs of the workspace packages it depends on), then
// every entry of its exports (the root and each subpath) loaded by name through
// require(), as Medusa loads plugins, and through import(); each bin answers
// --help.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { withPackedConsumer } from "./packed-consumer.mjs";

const cwd = process.cwd();
const readManifest = (dir) => JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
const pkg = readManifest(cwd);
const run = (cmd, args, options = {}) =>
  execFileSync(cmd, args, { cwd, stdio: "inherit", ...options });

// The packed tarballs' install is bounded and retried (see packed-consumer.mjs).
const INSTALL_LIMIT_MS = 180_000;

run("pnpm", ["exec", "publint", "--strict"]);
run("pnpm", ["exec", "attw", "--pack", ".", "--profile", "esm-only"]);

const [major] = process.versions.node.split(".").map(Number);
if (major < 22)
  throw new Error(`the require() consumer test needs Node >= 22, found ${process.version}`);

withPackedConsumer(cwd, { limitMs: INSTALL_LIMIT_MS }, (app) => {
  // Every entry of the published exports (the root and each subpath), by name.
  const exportsMap = pkg.publishConfig?.exports ?? pkg.exports ?? { ".": {} };
  const specifiers = (typeof exportsMap === "string" ? ["."] : Object.keys(exportsMap))
    .filter((subpath) => subpath !== "./package.json")
    .map((subpath) => pkg.name + subpath.slice(1));
  for (const specifier of specifiers) {
    const name = JSON.stringify(specifier);
    const probe = `
    const viaRequire = require(${name});
    import(${name}).then((viaImport) => {
      const names = Object.keys(viaRequire);
      if (names.length === 0) throw new Error(${name} + ": require() returned a module with no exports");
      if (names.join() !== Object.keys(viaImport).join()) throw new Error(${name} + ": require() and import() disagree");
      console.log(${name} + ": require() and import() load " + names.length + " exports from the packed tarball");
    });`;
    run("node", ["-e", probe], { cwd: app });
  }
  for (const bin of Object.keys(pkg.bin ?? {})) {
    run(join(app, "node_modules", ".bin", bin), ["--help"], { cwd: app, stdio: "ignore" });
    console.log(`${pkg.name}: bin ${bin} answers --help`);
  }
});
