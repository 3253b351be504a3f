// The packaging checks' consumer: the package packed as npm users get it,
// with the tarballs of the workspace packages it depends on and its peers,
// installed with npm into a scratch folder. The install is bounded and
// retried: npm's cache stays inside the repo (turbo and pnpm do not hand
// npm_config_cache to scripts, so it is named here), every attempt has npm's
// own fetch timeouts plus a hard limit on the whole command, and a failed
// attempt is retried on a clean node_modules, so a hung registry connection
// cannot hold CI.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const npmCache = join(root, ".cache", "npm");
const ATTEMPTS = 3;

const readManifest = (dir) => JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));

/**
 * Packs the package in `dir` and the workspace packages it needs at run time,
 * installs them with its peer dependencies (optional ones too, so every entry
 * can be loaded as a user who needs it would have it) into a scratch app,
 * runs `check(app)` there, and removes the scratch folder. Each install
 * attempt is killed after `limitMs`.
 */
export function withPackedConsumer(dir, { limitMs, prefix = "shipbridge-consumer-" }, check) {
  const workspace = new Map(
    readdirSync(join(root, "packages")).map((name) => {
      const packageDir = join(root, "packages", name);
      return [readManifest(packageDir).name, packageDir];
    }),
  );
  const needed = [dir];
  for (let i = 0; i < needed.length; i++) {
    for (const dep of Object.keys(readManifest(needed[i]).dependencies ?? {})) {
      const depDir = workspace.get(dep);
      if (depDir && !needed.includes(depDir)) needed.push(depDir);
    }
  }

  const scratch = mkdtempSync(join(tmpdir(), prefix));
  try {
    const tarballs = needed.map((packageDir) => {
      const before = new Set(readdirSync(scratch));
      execFileSync("pnpm", ["pack", "--pack-destination", scratch], {
        cwd: packageDir,
        stdio: "ignore",
      });
      return join(
        scratch,
        readdirSync(scratch).find((file) => !before.has(file)),
      );
    });
    const app = join(scratch, "app");
    execFileSync("mkdir", ["-p", app]);
    writeFileSync(join(app, "package.json"), JSON.stringify({ name: "consumer", private: true }));
    const peers = Object.entries(readManifest(dir).peerDependencies ?? {}).map(
      ([dep, range]) => `${dep}@${range}`,
    );
    installWithRetry([...tarballs, ...peers], app, limitMs);
    check(app);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function installWithRetry(specs, app, limitMs) {
  const args = [
    "install",
    "--no-audit",
    "--no-fund",
    "--loglevel=error",
    `--cache=${npmCache}`,
    "--prefer-offline",
    "--fetch-timeout=60000",
    "--fetch-retries=2",
    "--fetch-retry-mintimeout=2000",
    "--fetch-retry-maxtimeout=10000",
    ...specs,
  ];
  for (let attempt = 1; ; attempt++) {
    try {
      execFileSync("npm", args, {
        cwd: app,
        stdio: "inherit",
        timeout: limitMs,
        killSignal: "SIGKILL",
      });
      return;
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      console.error(`npm install of the packed tarballs failed (attempt ${attempt}); retrying`);
      rmSync(join(app, "node_modules"), { recursive: true, force: true });
    }
  }
}
