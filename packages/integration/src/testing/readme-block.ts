// The core README's examples as tests run them: the first ```ts block under
// a heading, read from the README of the installed @shipbridge/core, written
// unchanged into a scratch folder of this package (where "@shipbridge/core"
// resolves by name), and run in a fresh Node process.
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { DEMO } from "./sandbox-server.ts";
import type { SharedSandbox } from "./shared-sandbox.ts";

const require = createRequire(import.meta.url);
const README = join(dirname(require.resolve("@shipbridge/core/package.json")), "README.md");
/** The package root: a script written below it imports @shipbridge/core by name. */
const PACKAGE_DIR = join(import.meta.dirname, "../..");

export interface ScriptRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** The first ```ts block after the README's `heading` (a whole "## ..." line). */
export async function readmeBlock(heading: string): Promise<string> {
  const readme = await readFile(README, "utf8");
  const section = readme.indexOf(heading);
  if (section < 0) throw new Error(`the core README has no heading ${JSON.stringify(heading)}`);
  const block = /```ts\n([\s\S]*?)```/.exec(readme.slice(section));
  if (!block?.[1]) throw new Error("the README has no ts example under its heading");
  return block[1];
}

/**
 * A scratch folder in this package for the test file's scripts, made before
 * its tests and removed after them; `write` puts a script there.
 */
export function useScriptFolder(): { write(name: string, text: string): Promise<string> } {
  let workDir: string | undefined;
  beforeAll(async () => {
    workDir = await mkdtemp(join(PACKAGE_DIR, ".readme-"));
  });
  afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });
  return {
    async write(name, text) {
      if (workDir === undefined) throw new Error("the script folder is made before the tests");
      const script = join(workDir, name);
      await writeFile(script, text);
      return script;
    },
  };
}

/** Runs a script in a fresh Node process (our sources by the @shipbridge/source condition). */
export function runScript(
  script: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--conditions=@shipbridge/source", script], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Runs a README script against the sandbox: its addresses and the demo
 * account in the environment, and its clock moved on while the script runs
 * (commands and labels complete by that clock), so a run takes seconds.
 */
export async function runAgainstSandbox(
  sandbox: SharedSandbox,
  script: string,
): Promise<ScriptRun> {
  const env = {
    ...process.env,
    SHIPBRIDGE_BASE_URL: sandbox.baseUrl,
    SHIPBRIDGE_ACCOUNT_URL: sandbox.accountUrl,
    SHIPBRIDGE_CLIENT_ID: DEMO.clientId,
    SHIPBRIDGE_CLIENT_SECRET: DEMO.clientSecret,
    SHIPBRIDGE_USERNAME: DEMO.username,
    SHIPBRIDGE_PASSWORD: DEMO.password,
  };
  const ticker = setInterval(() => {
    sandbox.advanceClock(2).catch(() => undefined);
  }, 100);
  try {
    return await runScript(script, env);
  } finally {
    clearInterval(ticker);
  }
}
