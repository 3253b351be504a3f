// `pnpm -F @shipbridge/medusa-store start` as a newcomer runs it, as a real
// process tree from the repository's root on free ports: its summary is read
// and used (the publishable key against the store API, the admin login
// against the admin API, the printed region and product ids); SIGTERM to
// pnpm stops it once and leaves no process, no listening port and nothing
// in the temp folder. A Ctrl+C at a terminal (SIGINT to the whole
// foreground group) while it migrates does the same. The plugin must be
// built (`pnpm build`), as `start` itself asks.
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { freePort } from "@shipbridge/tooling/free-port";
import { alive, processStartTime } from "@shipbridge/tooling/processes";
import { afterEach, describe, expect, it } from "vitest";

// The tests run in the package's folder (apps/medusa-store).
const repoRoot = join(process.cwd(), "../..");

interface Started {
  readonly child: ChildProcess;
  readonly tmp: string;
  readonly ports: { medusa: number; sandbox: number; account: number };
  /** Everything printed so far (stdout and stderr). */
  output(): string;
  readonly exited: Promise<number | null>;
}

/** Migrating, seeding and booting `medusa develop` on a loaded machine. */
const BOOT_LIMIT_MS = 360_000;

const started: Started[] = [];
/** Temp folders of the tests, removed after each. */
const temps: string[] = [];
/** Processes seen in a start's tree, with their start times (to kill only those, if a test fails). */
const seen = new Map<number, string | undefined>();

/** The environment of a newcomer's shell: none of this test process's database or service settings. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (/^(DATABASE_URL|MEDUSA_|DB_|SHIPBRIDGE_|PORT$|VITEST|NODE_OPTIONS)/.test(name)) continue;
    env[name] = value;
  }
  return env;
}

/** How a newcomer runs it: pnpm from the repository's root. */
const PNPM_START = {
  command: "pnpm",
  args: ["-F", "@shipbridge/medusa-store", "start"],
  cwd: repoRoot,
};

async function start(how = PNPM_START): Promise<Started> {
  // Its own temp folder, reachable by the user PostgreSQL runs as under root.
  const tmp = mkdtempSync(join(tmpdir(), "medusa-store-start-"));
  chmodSync(tmp, 0o755);
  const ports = { medusa: await freePort(), sandbox: await freePort(), account: await freePort() };
  const child = spawn(how.command, how.args, {
    cwd: how.cwd,
    env: {
      ...cleanEnv(),
      TMPDIR: tmp,
      PORT: String(ports.medusa),
      SHIPBRIDGE_SANDBOX_PORT: String(ports.sandbox),
      SHIPBRIDGE_SANDBOX_ACCOUNT_PORT: String(ports.account),
      MEDUSA_DISABLE_TELEMETRY: "true",
    },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, as a terminal's foreground job.
    detached: true,
  });
  let text = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    text += chunk.toString("utf8");
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    text += chunk.toString("utf8");
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const run = { child, tmp, ports, output: () => text, exited };
  started.push(run);
  return run;
}

async function waitFor(run: Started, pattern: RegExp, ms: number): Promise<RegExpMatchArray> {
  for (let waited = 0; waited < ms; waited += 250) {
    // Remembered while it starts, for the cleanup should this wait fail.
    if (waited % 2_000 === 0 && run.child.pid !== undefined) snapshot(run.child.pid);
    const match = run.output().match(pattern);
    if (match) return match;
    if (run.child.exitCode !== null) break;
    await sleep(250);
  }
  throw new Error(`no ${pattern} in the output:\n${run.output().slice(-4000)}`);
}

/** The pid's descendants now, from /proc. */
function descendants(root: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parentOf.set(Number(entry), ppid);
    } catch {
      // Gone meanwhile.
    }
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    for (const [child, parent] of parentOf) {
      if (parent === pid && !found.includes(child)) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

/** The tree's processes with their start times, remembered for the cleanup. */
function snapshot(root: number): Map<number, string | undefined> {
  const tree = new Map<number, string | undefined>([[root, processStartTime(root)]]);
  for (const pid of descendants(root)) tree.set(pid, processStartTime(pid));
  for (const [pid, time] of tree) seen.set(pid, time);
  return tree;
}

/** The processes of `tree` still running (the same processes: pid and start time). */
const leftOf = (tree: Map<number, string | undefined>) =>
  [...tree]
    .filter(([pid, time]) => alive(pid) && processStartTime(pid) === time)
    .map(([pid]) => pid);

async function waitGone(tree: Map<number, string | undefined>, ms: number): Promise<number[]> {
  for (let waited = 0; waited < ms && leftOf(tree).length > 0; waited += 250) await sleep(250);
  return leftOf(tree);
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * What is left in the temp folder: Node's and pnpm's compile caches (shared
 * by every run, reused, not the store's) aside.
 */
const leftInTmp = (tmp: string) =>
  readdirSync(tmp).filter((name) => !/^(node-compile-cache|v8-compile-cache-\d+)$/.test(name));

const row = (output: string, label: string) => {
  const match = output.match(new RegExp(`^ {2}${label}: +(.+)$`, "m"));
  if (!match?.[1]) throw new Error(`the summary has no "${label}" line:\n${output.slice(-3000)}`);
  return match[1].trim();
};

afterEach(async () => {
  // A failed test leaves nothing running either: only the processes it saw.
  for (const [pid, time] of seen) {
    if (alive(pid) && processStartTime(pid) === time) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // Gone meanwhile.
      }
    }
  }
  seen.clear();
  for (const run of started.splice(0)) rmSync(run.tmp, { recursive: true, force: true });
  for (const tmp of temps.splice(0)) rmSync(tmp, { recursive: true, force: true });
});

describe("pnpm -F @shipbridge/medusa-store start", () => {
  it("prints a summary that works, and stops once on SIGTERM leaving nothing behind", {
    timeout: BOOT_LIMIT_MS + 240_000,
  }, async () => {
    const run = await start();
    await waitFor(run, /the store is ready[\s\S]*\n─+\n/, BOOT_LIMIT_MS);
    const output = run.output();
    const tree = snapshot(run.child.pid as number);

    // The summary comes last: Medusa's boot log went to the log file.
    const summaryAt = output.indexOf("the store is ready");
    expect(output.slice(0, summaryAt).split("\n").length).toBeLessThan(15);
    const medusaUrl = `http://localhost:${run.ports.medusa}`;
    expect(row(output, "store API")).toBe(`${medusaUrl}/store (header x-publishable-api-key)`);
    expect(row(output, "admin")).toBe(`${medusaUrl}/app`);
    expect(row(output, "shipping service")).toBe(
      `http://127.0.0.1:${run.ports.sandbox} (the local sandbox)`,
    );
    expect(row(output, "account pages")).toBe(`http://127.0.0.1:${run.ports.account}`);
    const key = row(output, "publishable key");
    expect(key).toMatch(/^pk_/);
    const regionId = row(output, "region").split(" ")[0] as string;
    const productIds = row(output, "products")
      .split(", ")
      .map((entry) => entry.split(" ")[0]);
    expect(productIds).toHaveLength(2);
    const [email, password] = row(output, "admin login").split(" / ") as [string, string];
    const databasePort = Number(new URL(row(output, "database")).port);

    // The key against the store API: the printed region and products.
    const headers = { "x-publishable-api-key": key };
    const region = await fetch(`${medusaUrl}/store/regions/${regionId}`, { headers });
    expect(region.status).toBe(200);
    expect(((await region.json()) as { region: { currency_code: string } }).region).toMatchObject({
      id: regionId,
      currency_code: "pln",
    });
    const products = await fetch(`${medusaUrl}/store/products?fields=id`, { headers });
    expect(products.status).toBe(200);
    const listed = ((await products.json()) as { products: { id: string }[] }).products;
    expect(listed.map((product) => product.id).sort()).toEqual([...productIds].sort());
    // The printed login against the admin API.
    const login = await fetch(`${medusaUrl}/auth/user/emailpass`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const me = await fetch(`${medusaUrl}/admin/users/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(email);

    // The printed command for another admin user works from the repository's root.
    const command = output.match(/^ {4}(DATABASE_URL=\S+ pnpm -F \S+ exec medusa user .+)$/m)?.[1];
    expect(command).toBeDefined();
    const another = { email: "another@example.com", password: "another-password-1" };
    const made = spawn(
      "sh",
      [
        "-c",
        (command as string)
          .replace("you@example.com", another.email)
          .replace("<password>", another.password),
      ],
      { cwd: repoRoot, env: { ...cleanEnv(), TMPDIR: run.tmp }, stdio: "ignore" },
    );
    expect(await new Promise((resolve) => made.once("exit", resolve))).toBe(0);
    const anotherLogin = await fetch(`${medusaUrl}/auth/user/emailpass`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(another),
    });
    expect(anotherLogin.status).toBe(200);

    // SIGTERM to pnpm, as a process manager sends it.
    process.kill(run.child.pid as number, "SIGTERM");
    expect(await run.exited).toBe(0);
    expect(await waitGone(tree, 60_000)).toEqual([]);
    const after = run.output();
    expect(after.match(/shipbridge: stopping/g)).toHaveLength(1);
    expect(after.match(/shipbridge: stopped/g)).toHaveLength(1);
    expect(leftInTmp(run.tmp)).toEqual([]);
    for (const port of [run.ports.medusa, run.ports.sandbox, run.ports.account, databasePort]) {
      expect(await listening(port), `port ${port}`).toBe(false);
    }
  });

  it("stops once on a terminal's Ctrl+C while migrating, leaving nothing behind", async () => {
    const run = await start();
    await waitFor(run, /shipbridge: migrating the database/, 120_000);
    // Medusa is migrating: its process group is part of the tree.
    await sleep(1_000);
    const tree = snapshot(run.child.pid as number);
    expect(tree.size).toBeGreaterThan(3);
    // A terminal's Ctrl+C: SIGINT to the whole foreground process group.
    process.kill(-(run.child.pid as number), "SIGINT");
    await run.exited;
    expect(await waitGone(tree, 60_000)).toEqual([]);
    const after = run.output();
    expect(after.match(/shipbridge: stopping/g)).toHaveLength(1);
    expect(after.match(/shipbridge: stopped/g)).toHaveLength(1);
    expect(after).not.toMatch(/the store is ready/);
    // A stop, not a failure: no error, no log tail.
    expect(after).not.toMatch(/exited with|The last lines/);
    expect(leftInTmp(run.tmp)).toEqual([]);
    for (const port of [run.ports.medusa, run.ports.sandbox, run.ports.account]) {
      expect(await listening(port), `port ${port}`).toBe(false);
    }
  });

  it("stops when a runner signals only its shell, which does not pass SIGTERM on", async () => {
    // As `npm run` or an older script line runs it: `sh -c "node ..."`.
    const run = await start({
      command: "sh",
      args: ["-c", "node --conditions=@shipbridge/source scripts/start.mts"],
      cwd: process.cwd(),
    });
    await waitFor(run, /shipbridge: migrating the database/, 120_000);
    await sleep(1_000);
    const tree = snapshot(run.child.pid as number);
    process.kill(run.child.pid as number, "SIGTERM");
    await run.exited;
    expect(await waitGone(tree, 60_000)).toEqual([]);
    expect(run.output().match(/shipbridge: stopping \(the parent process is gone\)/g)).toHaveLength(
      1,
    );
    expect(run.output().match(/shipbridge: stopped/g)).toHaveLength(1);
    expect(leftInTmp(run.tmp)).toEqual([]);
  });

  it("takes its ports from the environment, naming every bad one at once in English and Polish", async () => {
    const tmp = mkdtempSync(join(tmpdir(), "medusa-store-start-"));
    temps.push(tmp);
    const child = spawn("node", ["--conditions=@shipbridge/source", "scripts/start.mts"], {
      cwd: process.cwd(),
      env: {
        ...cleanEnv(),
        TMPDIR: tmp,
        PORT: "0",
        SHIPBRIDGE_SANDBOX_PORT: "70000",
        SHIPBRIDGE_SANDBOX_ACCOUNT_PORT: "abc",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let text = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8");
    });
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).toBe(2);
    expect(text).toContain('PORT: must be a port number from 1 to 65535, not "0"');
    expect(text).toContain("PORT: musi być numerem portu od 1 do 65535, nie „0”");
    expect(text).toContain(
      'SHIPBRIDGE_SANDBOX_PORT: must be a port number from 0 to 65535, not "70000"',
    );
    expect(text).toContain(
      'SHIPBRIDGE_SANDBOX_ACCOUNT_PORT: must be a port number from 0 to 65535, not "abc"',
    );
    expect(text).not.toMatch(/\n\s+at /);
    expect(leftInTmp(tmp)).toEqual([]);
  });

  it("--no-serve migrates, seeds, prints what it made, and stops leaving nothing behind", {
    timeout: BOOT_LIMIT_MS,
  }, async () => {
    const run = await start({ ...PNPM_START, args: [...PNPM_START.args, "--no-serve"] });
    await waitFor(run, /shipbridge: stopped/, BOOT_LIMIT_MS - 30_000);
    expect(await run.exited).toBe(0);
    const output = run.output();
    expect(output).toContain("migrated and seeded (--no-serve");
    expect(output).not.toContain("the store is ready");
    expect(row(output, "publishable key")).toMatch(/^pk_/);
    expect(row(output, "products").split(", ")).toHaveLength(2);
    expect(await waitGone(new Map(seen), 30_000)).toEqual([]);
    expect(leftInTmp(run.tmp)).toEqual([]);
  });
});
