// A real redis-server (Debian's, which `tooling/run.sh test` installs) for
// the cluster test: on a free loopback port, nothing saved to disk, in a
// process group of its own that stop() ends. Never the system service.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { freePort } from "@shipbridge/tooling/free-port";

const REDIS_SERVER = "/usr/bin/redis-server";

export interface RunningRedis {
  readonly url: string;
  stop(): Promise<void>;
}

export async function startRedis(): Promise<RunningRedis> {
  if (!existsSync(REDIS_SERVER)) {
    throw new Error(
      process.env["SHIPBRIDGE_REDIS_MISSING"] ??
        `${REDIS_SERVER} is missing: install Debian's redis-server (bash tooling/run.sh test installs it)`,
    );
  }
  const port = await freePort();
  const child = spawn(
    REDIS_SERVER,
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { detached: true, stdio: ["ignore", "pipe", "pipe"] },
  );
  await new Promise<void>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(
      () => fail(new Error(`redis-server did not start:\n${output}`)),
      20_000,
    );
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(error);
    };
    const exited = (code: number | null) =>
      fail(new Error(`redis-server exited with ${code}:\n${output}`));
    child.once("error", fail);
    child.once("exit", exited);
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ready to accept connections")) {
        clearTimeout(timer);
        child.off("exit", exited);
        resolve();
      }
    });
  });
  return { url: `redis://127.0.0.1:${port}`, stop: () => stopGroup(child) };
}

/** SIGTERM to the child's group, SIGKILL after 10 s; resolves once it has exited. */
export async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const send = (signal: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), signal);
    } catch {
      // Gone meanwhile.
    }
  };
  send("SIGTERM");
  const timer = setTimeout(() => send("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}
