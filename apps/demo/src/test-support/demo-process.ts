// Runs the demo as a child process, as `pnpm start` would: on a data folder
// of the test's, every port a free one, ready once it writes its ready file.
// Tests drive it over HTTP only.
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface DemoAddressesFile {
  readonly dashboard: string;
  readonly sandbox: { readonly baseUrl: string; readonly accountUrl: string };
  readonly shopify: { readonly app: string; readonly storefront: string };
  readonly medusa: {
    readonly backend: string;
    readonly storefront: string;
    readonly admin: string;
  };
}

export interface DemoProcess {
  readonly addresses: DemoAddressesFile;
  readonly child: ChildProcess;
  /** Everything the child printed so far. */
  output(): string;
  /** SIGTERM (a clean stop); answers the exit code. */
  stop(): Promise<number | null>;
  /**
   * Ctrl+C at a terminal: SIGINT to the demo's whole process group (the demo
   * runs in a group of its own, as a shell's foreground job does); answers
   * the exit code, or throws when the demo has not exited within `limitMs`.
   */
  interrupt(limitMs: number): Promise<number | null>;
  /** The exit code once it exits, or throws when it has not within `limitMs`. */
  exitCode(limitMs: number): Promise<number | null>;
  /** SIGKILL: the process dies at once, its children (PostgreSQL, Medusa) are left behind. */
  kill(): Promise<void>;
}

const START = join(import.meta.dirname, "../start.ts");

/** A folder for one test file's data; PostgreSQL (run as its own user under root) must reach into it. */
export function testFolder(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `shipbridge-${name}-`));
  chmodSync(dir, 0o755);
  return dir;
}

export interface StartOptions {
  /** How long the start may take. */
  readonly limitMs?: number;
  /** A module loaded into the demo's process first (`node --import`), and its environment. */
  readonly preload?: string;
  readonly env?: Record<string, string>;
}

export async function startDemoProcess(
  dataDir: string,
  { limitMs = 600_000, preload, env = {} }: StartOptions = {},
): Promise<DemoProcess> {
  const readyFile = join(dataDir, "..", `${Date.now()}-ready.json`);
  rmSync(readyFile, { force: true });
  let output = "";
  const args = [
    "--conditions=@shipbridge/source",
    ...(preload ? ["--import", preload] : []),
    START,
  ];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      ...env,
      DEMO_DATA_DIR: dataDir,
      DEMO_PORT: "0",
      DEMO_RANDOM_PORTS: "1",
      DEMO_READY_FILE: readyFile,
      DEMO_ENV_FILE: join(dataDir, "..", "no.env"),
    },
    stdio: ["ignore", "pipe", "pipe"],
    // A group of its own, as a terminal's foreground job: interrupt() signals all of it.
    detached: true,
  });
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  let exited: number | null | undefined;
  const exit = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      exited = code;
      resolve(code);
    }),
  );
  const started = Date.now();
  while (!existsSync(readyFile)) {
    if (exited !== undefined)
      throw new Error(`the demo exited with ${exited}:\n${output.slice(-3000)}`);
    if (Date.now() - started > limitMs) {
      // A clean stop, so no PostgreSQL or Medusa is left behind.
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
      await exit;
      clearTimeout(timer);
      throw new Error(`the demo was not ready in time:\n${output.slice(-3000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const addresses = JSON.parse(readFileSync(readyFile, "utf8")) as DemoAddressesFile;
  const exitWithin = async (limitMs: number, what: string) => {
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the demo had not exited ${limitMs} ms ${what}`)),
        limitMs,
      );
    });
    try {
      return await Promise.race([exit, limit]);
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    addresses,
    child,
    output: () => output,
    async stop() {
      if (exited !== undefined) return exited;
      child.kill("SIGTERM");
      return exit;
    },
    async interrupt(limitMs) {
      if (exited !== undefined) return exited;
      process.kill(-(child.pid as number), "SIGINT");
      return exitWithin(limitMs, "after SIGINT");
    },
    exitCode: (limitMs) => exitWithin(limitMs, "yet"),
    async kill() {
      if (exited !== undefined) return;
      child.kill("SIGKILL");
      await exit;
    },
  };
}

/** JSON from the dashboard's API (or any URL); throws with the body on a non-2xx answer. */
export async function json<T>(
  url: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  const response = await fetch(url, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: {
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** Polls `probe` until it answers a value (not undefined), up to `limitMs`. */
export async function eventually<T>(
  probe: () => Promise<T | undefined>,
  limitMs = 120_000,
  what = "the condition",
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() - started > limitMs) throw new Error(`${what} did not happen in ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}
