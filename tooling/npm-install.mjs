// npm install for the packaging checks, bounded and retried: npm's cache stays
// inside the repo (turbo and pnpm do not hand npm_config_cache to scripts, so
// it is named here), every attempt has npm's own fetch timeouts plus a hard
// limit on the whole command, and a failed attempt is retried on a clean
// node_modules, so a hung registry connection cannot hold CI.
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join, resolve } from "node:path";

const npmCache = join(resolve(import.meta.dirname, ".."), ".cache", "npm");
const ATTEMPTS = 3;

/** Installs `specs` into the folder `app`; each attempt is killed after `limitMs`. */
export function installWithRetry(specs, app, limitMs) {
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
