// check:packages for the Medusa plugin (run from its folder after build). The
// shared tooling/check-package.mjs fits ESM libraries with types; a Medusa
// plugin is CommonJS built by `medusa plugin:build` (default exports with
// __esModule, no declarations, wildcard subpaths Medusa resolves by file), so
// publint --strict and arethetypeswrong's esm-only profile do not apply. What
// users get is checked instead: the packed tarballs of the plugin and of
// @shipbridge/core installed with npm into a scratch folder, with the Medusa
// peers, then every built file loaded by name through require(), as Medusa
// loads providers, modules, routes, jobs and subscribers, and each entry's
// shape as Medusa reads it.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { withPackedConsumer } from "../../../tooling/packed-consumer.mjs";

const cwd = process.cwd();
const readManifest = (dir) => JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
const pkg = readManifest(cwd);
const run = (cmd, args, options = {}) =>
  execFileSync(cmd, args, { cwd, stdio: "inherit", ...options });

// The packed tarballs' install is bounded and retried (see packed-consumer.mjs).
const INSTALL_LIMIT_MS = 420_000;

function builtFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return builtFiles(path);
    return entry.name.endsWith(".js") ? [path] : [];
  });
}

const server = join(cwd, ".medusa", "server", "src");
// The names Medusa and users load: "./modules/*" and "./providers/*" name a
// folder's index (the files inside come with it); "./*" names any other file.
const files = builtFiles(server)
  .map((file) => relative(server, file).replace(/\.js$/, ""))
  .flatMap((file) => {
    if (!/^(modules|providers)\//.test(file)) return [file];
    const parts = file.split("/");
    return parts.length === 3 && parts[2] === "index" ? [parts.slice(0, 2).join("/")] : [];
  });
if (!files.includes("providers/shipbridge")) {
  throw new Error("build first: .medusa/server has no provider");
}

withPackedConsumer(
  cwd,
  { limitMs: INSTALL_LIMIT_MS, prefix: "shipbridge-medusa-consumer-" },
  (app) => {
    // Every entry by name, then the shapes Medusa reads.
    const probe = `
    const files = ${JSON.stringify(files)};
    const name = ${JSON.stringify(pkg.name)};
    const loaded = Object.fromEntries(files.map((file) => [file, require(name + "/" + file)]));
    const expect = (ok, what) => { if (!ok) throw new Error(name + ": " + what); };
    const provider = require(name + "/providers/shipbridge").default;
    expect(provider?.services?.[0]?.identifier === "shipbridge", "the provider module exports no shipbridge service");
    const module = require(name + "/modules/shipbridge").default;
    expect(typeof module?.service === "function", "the module exports no service");
    for (const file of files.filter((f) => f.startsWith("jobs/") || f.startsWith("subscribers/"))) {
      expect(typeof loaded[file].default === "function" && loaded[file].config, file + " is not a job or subscriber");
    }
    for (const file of files.filter((f) => f.endsWith("/route"))) {
      expect(["GET", "POST", "DELETE"].some((m) => typeof loaded[file][m] === "function"), file + " has no handler");
    }
    expect(require(name + "/admin").widgetModule?.widgets?.length > 0, "the admin bundle has no widget");
    console.log(name + ": require() loads " + files.length + " entries from the packed tarball");
  `;
    run("node", ["-e", probe], { cwd: app });
  },
);
