// Starts the real demo the way its `start` script does, on free ports and a
// data folder of the test's own, and waits for the addresses it writes when
// everything is ready; stops it with SIGTERM as Ctrl+C would.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

export interface DemoAddresses {
  dashboard: string;
  sandbox: { baseUrl: string; accountUrl: string };
  shopify: { app: string; storefront: string };
  medusa: { backend: string; storefront: string; admin: string };
}

export interface RunningDemo {
  readonly addresses: DemoAddresses;
  /** The last lines the demo printed, for a failure's message. */
  output(): string;
  /** SIGTERM, then the exit code (SIGKILL after `graceMs`). */
  stop(graceMs?: number): Promise<number | null>;
}

const demoDir = resolve(import.meta.dirname, "../..");

/** The command of the package's `start` script, with this Node. */
function startCommand(): { command: string; args: string[] } {
  const manifest = JSON.parse(readFileSync(join(demoDir, "package.json"), "utf8"));
  const script: string = manifest.scripts.start;
  const [program, ...args] = script.trim().split(/\s+/);
  if (program !== "node")
    throw new Error(`the demo's start script is not a node command: ${script}`);
  return { command: process.execPath, args };
}

export async function startDemo(options: {
  dataDir: string;
  workDir: string;
  readyTimeoutMs?: number;
}): Promise<RunningDemo> {
  const readyFile = join(options.workDir, "ready.json");
  rmSync(readyFile, { force: true });
  // An empty environment file: a developer's .env with real credentials must
  // not switch the test to the real service.
  const envFile = join(options.workDir, "empty.env");
  writeFileSync(envFile, "");
  const { command, args } = startCommand();
  const lines: string[] = [];
  const child: ChildProcess = spawn(command, args, {
    cwd: demoDir,
    env: {
      ...process.env,
      DEMO_DATA_DIR: options.dataDir,
      DEMO_PORT: "0",
      DEMO_RANDOM_PORTS: "1",
      DEMO_READY_FILE: readyFile,
      DEMO_ENV_FILE: envFile,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString("utf8").split("\n"));
    if (lines.length > 400) lines.splice(0, lines.length - 400);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  let exitCode: number | null | undefined;
  void exited.then((code) => {
    exitCode = code;
  });
  const output = () => lines.slice(-80).join("\n");

  const deadline = Date.now() + (options.readyTimeoutMs ?? 300_000);
  while (!existsSync(readyFile)) {
    if (exitCode !== undefined) {
      throw new Error(`the demo exited with ${exitCode} before it was ready:\n${output()}`);
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the demo was not ready in time:\n${output()}`);
    }
    await sleep(250);
  }
  // The file is written once everything listens; read it whole.
  let addresses: DemoAddresses | undefined;
  while (!addresses) {
    try {
      addresses = JSON.parse(readFileSync(readyFile, "utf8")) as DemoAddresses;
    } catch {
      await sleep(100);
    }
  }

  return {
    addresses,
    output,
    async stop(graceMs = 60_000) {
      if (exitCode !== undefined) return exitCode;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
