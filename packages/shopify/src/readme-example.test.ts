// The README's "Mounting it in your own server" example, run exactly as
// written: the code block is read from this package's README, written
// unchanged below the package (where "@shipbridge/shopify" resolves by name),
// and run in a fresh Node process with a real PostgreSQL in DATABASE_URL. It
// must come up and answer its health check.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { usePostgres } from "@shipbridge/tooling/embedded-postgres";
import { freePort } from "@shipbridge/tooling/free-port";
import { afterAll, describe, expect, it } from "vitest";
import { waitForOtherClientsToLeave } from "./test-support/wait-for-clients.ts";

const PACKAGE_DIR = join(import.meta.dirname, "..");
const postgres = usePostgres();
let workDir: string | undefined;
let child: ChildProcess | undefined;

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child?.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  }
  await waitForOtherClientsToLeave(postgres.connectionString);
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

async function readmeExample(): Promise<string> {
  const readme = await readFile(join(PACKAGE_DIR, "README.md"), "utf8");
  const section = readme.indexOf("### Mounting it in your own server");
  expect(section).toBeGreaterThan(0);
  const block = /```ts\n([\s\S]*?)```/.exec(readme.slice(section));
  if (!block?.[1]) throw new Error("the README has no ts example under its heading");
  return block[1];
}

describe("the README's example", () => {
  it("starts the app and answers its health check", async () => {
    workDir = await mkdtemp(join(PACKAGE_DIR, ".readme-"));
    const script = join(workDir, "server.ts");
    await writeFile(script, await readmeExample());
    const port = await freePort();
    let stderr = "";
    child = spawn(process.execPath, ["--conditions=@shipbridge/source", script], {
      cwd: workDir,
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: postgres.connectionString,
        SHOPIFY_API_KEY: "key",
        SHOPIFY_API_SECRET: "secret",
        SHIPBRIDGE_CLIENT_ID: "client",
        SHIPBRIDGE_CLIENT_SECRET: "client-secret",
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    child.stderr?.on("data", (chunk) => {
      stderr += String(chunk);
    });
    let answer: string | undefined;
    for (
      let attempt = 0;
      attempt < 200 && child.exitCode === null && answer === undefined;
      attempt++
    ) {
      answer = await fetch(`http://127.0.0.1:${port}/health`).then(
        (response) => response.text(),
        () => undefined,
      );
      if (answer === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(stderr).toBe("");
    expect(answer).toBe("ok");
  });
});
