// Test support for races between OS processes: starts a TypeScript worker
// script in its own Node process with one JSON argument, reads its stdout line
// by line, and waits for it to end. Workers print "ready", wait for a line on
// stdin, then do their work, so several can be released at the same moment.
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { createInterface } from "node:readline";

export interface WorkerProcess {
  readonly child: ChildProcessWithoutNullStreams;
  readonly lines: AsyncIterator<string>;
  readonly stderr: string[];
}

export function startWorker(script: string, input: unknown): WorkerProcess {
  const child = spawn(
    process.execPath,
    ["--conditions=@shipbridge/source", "--no-warnings", script, JSON.stringify(input)],
    { stdio: ["pipe", "pipe", "pipe"] },
  );
  const stderr: string[] = [];
  child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk.toString()));
  return { child, lines: createInterface({ input: child.stdout })[Symbol.asyncIterator](), stderr };
}

export async function nextLine(worker: WorkerProcess): Promise<string> {
  const line = await worker.lines.next();
  if (line.done) throw new Error(`the worker ended early: ${worker.stderr.join("")}`);
  return line.value;
}

/** Starts the workers, waits until each is ready, releases them together and returns each one's JSON answer. */
export async function raceWorkers<T>(script: string, inputs: readonly unknown[]): Promise<T[]> {
  const workers = inputs.map((input) => startWorker(script, input));
  try {
    for (const worker of workers) {
      const line = await nextLine(worker);
      if (line !== "ready")
        throw new Error(`the worker said ${JSON.stringify(line)} instead of ready`);
    }
    for (const worker of workers) worker.child.stdin.write("go\n");
    const outputs = await Promise.all(
      workers.map(async (worker) => JSON.parse(await nextLine(worker)) as T),
    );
    await Promise.all(workers.map(exited));
    return outputs;
  } finally {
    for (const worker of workers) if (worker.child.exitCode === null) worker.child.kill();
  }
}

export function exited(worker: WorkerProcess): Promise<unknown> {
  return new Promise((resolve) =>
    worker.child.exitCode === null ? worker.child.once("exit", resolve) : resolve(null),
  );
}
