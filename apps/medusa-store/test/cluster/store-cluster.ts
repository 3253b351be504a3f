// The store as production runs it, for the cluster test: `medusa start`
// processes of this application on one PostgreSQL database and one Redis,
// each in a process group of its own, with its output kept for the test to
// read. prepareStore() migrates and seeds the database and creates an admin
// user (Medusa's own CLI commands, as a deployment runs them); startInstance()
// starts a `server` or a `worker` (MEDUSA_WORKER_MODE) and resolves once it
// answers /health.
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { freePort } from "@shipbridge/tooling/free-port";
import { stopGroup } from "./redis.ts";

// The tests run from the application's folder (its package scripts).
const APP_DIR = process.cwd();
const MEDUSA = join(APP_DIR, "node_modules", ".bin", "medusa");

export const ADMIN = { email: "admin@example.com", password: "secret-password" };

export interface Instance {
  readonly name: string;
  readonly url: string;
  /** Everything it printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/** The environment of every process of the store: only what it needs, nothing of the test runner's. */
export function storeEnv(settings: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of ["PATH", "HOME", "LANG", "TMPDIR", "TZ"]) {
    const value = process.env[name];
    if (value !== undefined) kept[name] = value;
  }
  return {
    ...kept,
    MEDUSA_DISABLE_TELEMETRY: "true",
    MEDUSA_ADMIN_DISABLE: "true",
    ...settings,
  };
}

/** How long one CLI step (migrate, seed, user) may take before it is killed. */
const RUN_LIMIT_MS = 480_000;

function run(name: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(MEDUSA, args, { cwd: APP_DIR, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    // A step that hangs is killed, not left running past the test.
    const limit = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`medusa ${name} did not finish in time:\n${output.slice(-4000)}`));
    }, RUN_LIMIT_MS);
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", (error) => {
      clearTimeout(limit);
      reject(error);
    });
    child.once("exit", (code) => {
      clearTimeout(limit);
      if (code === 0) resolve(output);
      else reject(new Error(`medusa ${name} exited with ${code}:\n${output.slice(-4000)}`));
    });
  });
}

/** Migrates and seeds the store's database, and creates the admin user. */
export async function prepareStore(env: Record<string, string>): Promise<void> {
  await run("db:migrate", ["db:migrate", "--execute-safe-links"], env);
  await run("exec", ["exec", "./src/scripts/seed.ts"], env);
  await run("user", ["user", "-e", ADMIN.email, "-p", ADMIN.password], env);
}

/** Starts one `medusa start` of the store and waits until it answers /health. */
export async function startInstance(
  name: string,
  env: Record<string, string>,
  port?: number,
): Promise<Instance> {
  const listen = port ?? (await freePort());
  const child: ChildProcess = spawn(MEDUSA, ["start"], {
    cwd: APP_DIR,
    env: { ...env, PORT: String(listen) },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const instance: Instance = {
    name,
    url: `http://localhost:${listen}`,
    output: () => output,
    stop: () => stopGroup(child),
  };
  for (let waited = 0; ; waited += 250) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${name} exited before it answered /health:\n${output.slice(-4000)}`);
    }
    const healthy = await fetch(`${instance.url}/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return instance;
    if (waited > 240_000) {
      await instance.stop();
      throw new Error(`${name} did not answer /health in 4 minutes:\n${output.slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
