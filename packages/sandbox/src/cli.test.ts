// The command line, run as a real process: it prints both addresses and the
// demo credentials, explains bad arguments, and stops cleanly on SIGTERM.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const cli = join(import.meta.dirname, "cli.ts");
const dir = mkdtempSync(join(tmpdir(), "sandbox-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const stdoutOf = new WeakMap<() => string, () => string>();

function stdoutLines(output: () => string): string[] {
  return (stdoutOf.get(output)?.() ?? "").split("\n");
}

function run(args: string[]): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ["--conditions=@shipbridge/source", cli, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  let stdout = "";
  child.stdout?.on("data", (chunk) => {
    text += chunk;
    stdout += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    text += chunk;
  });
  const output = () => text;
  stdoutOf.set(output, () => stdout);
  return { child, output };
}

async function waitFor(output: () => string, pattern: RegExp): Promise<RegExpExecArray> {
  for (let i = 0; i < 200; i++) {
    const match = pattern.exec(output());
    if (match) return match;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`output never matched ${pattern}:\n${output()}`);
}

async function exitCode(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const [code] = await once(child, "exit");
  return code as number | null;
}

describe("cli", () => {
  it("starts on the given ports, prints both URLs and the demo credentials, and stops on SIGTERM", async () => {
    const { child, output } = run(["--port", "0", "--account-port", "0", "--quiet"]);
    const [, base] = await waitFor(output, /base_url:\s+(\S+)/);
    const [, account] = await waitFor(output, /account_url:\s+(\S+)/);
    expect(output()).toContain("demo-client");
    expect(output()).toContain("demo-secret");
    expect(output()).toContain("demo@shipbridge.dev");
    expect(output()).toContain("http://127.0.0.1:3000/oauth/callback");
    const auth = `Basic ${Buffer.from("demo-client:demo-secret").toString("base64")}`;
    for (const url of [base, account]) {
      const response = await fetch(`${url}/oauth/token`, {
        method: "POST",
        headers: { authorization: auth, "content-type": "application/x-www-form-urlencoded" },
        body: "grant_type=client_credentials",
      });
      expect(response.status).toBe(200);
    }
    child.kill("SIGTERM");
    expect(await exitCode(child)).toBe(0);
  });

  it("logs requests without tokens, codes or passwords", async () => {
    const { child, output } = run(["--port", "0", "--account-port", "0"]);
    const [, base] = await waitFor(output, /base_url:\s+(\S+)/);
    const auth = `Basic ${Buffer.from("demo-client:demo-secret").toString("base64")}`;
    const response = await fetch(`${base}/oauth/token`, {
      method: "POST",
      headers: { authorization: auth, "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=password&username=demo%40shipbridge.dev&password=demo-password",
    });
    const body = await response.json();
    await waitFor(output, /base POST \/oauth\/token 200/);
    child.kill("SIGINT");
    expect(await exitCode(child)).toBe(0);
    expect(output()).not.toContain(body.access_token);
    expect(output()).not.toContain(body.refresh_token);
  });

  it("freezes the clock with --freeze-clock", async () => {
    const { child, output } = run([
      "--port",
      "0",
      "--account-port",
      "0",
      "--quiet",
      "--freeze-clock",
      "--clock-start",
      "2026-08-24T00:00:00Z",
    ]);
    const [, base] = await waitFor(output, /base_url:\s+(\S+)/);
    expect(output()).toContain("clock:       2026-08-24T00:00:00.000Z (frozen");
    const clock = await (await fetch(`${base}/_sandbox/clock`)).json();
    expect(clock.now).toBe("2026-08-24T00:00:00.000Z");
    child.kill("SIGTERM");
    expect(await exitCode(child)).toBe(0);
  });

  it("starts the clock at --clock-start and prints it", async () => {
    const { child, output } = run([
      "--port",
      "0",
      "--account-port",
      "0",
      "--quiet",
      "--clock-start",
      "2026-08-23T00:00:00Z",
    ]);
    const [, base] = await waitFor(output, /base_url:\s+(\S+)/);
    const [, printed] = await waitFor(output, /clock:\s+(\S+)/);
    expect(printed).toMatch(/^2026-08-23T/);
    const clock = await (await fetch(`${base}/_sandbox/clock`)).json();
    expect(clock.now).toMatch(/^2026-08-23T/);
    child.kill("SIGTERM");
    expect(await exitCode(child)).toBe(0);
  });

  it("uses a config file and does not print its secrets", async () => {
    const file = join(dir, "config.json");
    writeFileSync(
      file,
      JSON.stringify({
        applications: [
          {
            client_id: "file-app",
            client_secret: "file-secret-value",
            redirect_uri: "https://a.example/cb",
          },
        ],
        users: [{ username: "file-user", password: "file-password-value" }],
      }),
    );
    const { child, output } = run([
      "--port",
      "0",
      "--account-port",
      "0",
      "--config",
      file,
      "--quiet",
    ]);
    await waitFor(output, /account_url:/);
    await waitFor(output, /file-user/);
    expect(output()).toContain("file-app");
    expect(output()).not.toContain("file-secret-value");
    expect(output()).not.toContain("file-password-value");
    child.kill("SIGTERM");
    expect(await exitCode(child)).toBe(0);
  });

  it("prints the environment lines a user pastes, with the demo credentials", async () => {
    const { child, output } = run(["--port", "0", "--account-port", "0", "--quiet"]);
    const [, base] = await waitFor(output, /base_url:\s+(\S+)/);
    const [, account] = await waitFor(output, /account_url:\s+(\S+)/);
    await waitFor(output, /SHIPBRIDGE_PASSWORD/);
    for (const line of [
      `export SHIPBRIDGE_BASE_URL=${base}`,
      `export SHIPBRIDGE_ACCOUNT_URL=${account}`,
      "export SHIPBRIDGE_CLIENT_ID=demo-client",
      "export SHIPBRIDGE_CLIENT_SECRET=demo-secret",
      "export SHIPBRIDGE_USERNAME=demo@shipbridge.dev",
      "export SHIPBRIDGE_PASSWORD=demo-password",
    ])
      expect(output()).toContain(line);
    child.kill("SIGTERM");
    expect(await exitCode(child)).toBe(0);
  });

  it("registers the demo application's redirect URI from --redirect-uri", async () => {
    const redirect = "http://127.0.0.1:8080/connect/callback";
    const { child, output } = run(["--port", "0", "--json", "--redirect-uri", redirect]);
    const [line] = await waitFor(output, /^\{.*\}$/m);
    const ready = JSON.parse(line);
    expect(ready.credentials).toMatchObject({ client_id: "demo-client", redirect_uri: redirect });
    // The service's authorization page takes that address and no other.
    const authorize = (uri: string) =>
      fetch(
        `${ready.base_url}/oauth/authorize?response_type=code&client_id=demo-client&state=s&redirect_uri=${encodeURIComponent(uri)}`,
        { redirect: "manual" },
      );
    expect((await authorize(redirect)).status).toBe(200);
    expect((await authorize("http://127.0.0.1:3000/oauth/callback")).status).toBe(400);
    child.kill("SIGTERM");
    expect(await exitCode(child)).toBe(0);
  });

  it("refuses --redirect-uri that is not an address, or beside --config", async () => {
    const bad = run(["--port", "0", "--redirect-uri", "not a url"]);
    expect(await exitCode(bad.child)).toBe(2);
    expect(bad.output()).toContain("--redirect-uri must be an absolute http(s) address");
    const file = join(dir, "with-redirect.json");
    writeFileSync(file, JSON.stringify({ applications: [], users: [] }));
    const both = run(["--port", "0", "--config", file, "--redirect-uri", "http://a.example/cb"]);
    expect(await exitCode(both.child)).toBe(2);
    expect(both.output()).toContain("with --config, set redirect_uri in the file");
  });

  it("prints one JSON line with --json and writes it to --ready-file", async () => {
    const readyFile = join(dir, "ready.json");
    const { child, output } = run([
      "--port",
      "0",
      "--account-port",
      "0",
      "--json",
      "--ready-file",
      readyFile,
      "--freeze-clock",
      "--clock-start",
      "2026-08-24T00:00:00Z",
    ]);
    const [line] = await waitFor(output, /^\{.*\}$/m);
    const ready = JSON.parse(line);
    expect(ready).toEqual({
      base_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      account_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      clock: { now: "2026-08-24T00:00:00.000Z", frozen: true },
      state: "memory",
      credentials: {
        client_id: "demo-client",
        client_secret: "demo-secret",
        redirect_uri: "http://127.0.0.1:3000/oauth/callback",
        username: "demo@shipbridge.dev",
        password: "demo-password",
      },
      env: {
        SHIPBRIDGE_BASE_URL: ready.base_url,
        SHIPBRIDGE_ACCOUNT_URL: ready.account_url,
        SHIPBRIDGE_CLIENT_ID: "demo-client",
        SHIPBRIDGE_CLIENT_SECRET: "demo-secret",
        SHIPBRIDGE_USERNAME: "demo@shipbridge.dev",
        SHIPBRIDGE_PASSWORD: "demo-password",
      },
    });
    expect(JSON.parse(readFileSync(readyFile, "utf8"))).toEqual(ready);
    const response = await fetch(`${ready.base_url}/_sandbox/clock`);
    expect(response.status).toBe(200);
    // The request log goes to stderr then, so stdout stays one JSON line.
    child.kill("SIGTERM");
    expect(await exitCode(child)).toBe(0);
    expect(stdoutLines(output).filter((l) => l.startsWith("{"))).toHaveLength(1);
  });

  it("keeps stdout JSON only with --json, through shutdown", async () => {
    const { child, output } = run(["--port", "0", "--json"]);
    const [line] = await waitFor(output, /^\{.*\}$/m);
    await fetch(`${JSON.parse(line).base_url}/_sandbox/clock`);
    child.kill("SIGTERM");
    expect(await exitCode(child)).toBe(0);
    expect(output()).toContain("SIGTERM: stopping the sandbox");
    const lines = stdoutLines(output).filter((l) => l !== "");
    expect(lines).toHaveLength(1);
    for (const l of lines) expect(() => JSON.parse(l)).not.toThrow();
  });

  it("picks a free account port too when only --port 0 is given, so two run at once", async () => {
    const first = run(["--port", "0", "--json", "--quiet"]);
    const second = run(["--port", "0", "--json", "--quiet"]);
    const readies = [];
    for (const { output } of [first, second]) {
      const [line] = await waitFor(output, /^\{.*\}$/m);
      readies.push(JSON.parse(line));
    }
    const ports = readies.flatMap((r) => [r.base_url, r.account_url].map((u) => new URL(u).port));
    expect(new Set(ports).size).toBe(4);
    expect(ports).not.toContain("4011");
    for (const { child } of [first, second]) {
      child.kill("SIGTERM");
      expect(await exitCode(child)).toBe(0);
    }
  });

  it("stops when the package manager's shell that started it goes away (npx)", async () => {
    // npm exec runs the bin through `sh -c`, and a signal to npm reaches the
    // shell only: the sandbox must notice it was orphaned and stop.
    const shell = spawn(
      "sh",
      [
        "-c",
        `"${process.execPath}" --conditions=@shipbridge/source "${cli}" "$@"; exit $?`,
        "sh",
        "--port",
        "0",
        "--account-port",
        "0",
        "--json",
      ],
      { stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, npm_command: "exec" } },
    );
    let text = "";
    shell.stdout?.on("data", (chunk) => {
      text += chunk;
    });
    const [line] = await waitFor(() => text, /^\{.*\}$/m);
    const { base_url: base } = JSON.parse(line);
    expect((await fetch(`${base}/_sandbox/clock`)).status).toBe(200);
    shell.kill("SIGKILL");
    let freed = false;
    for (let i = 0; i < 100 && !freed; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      freed = await fetch(`${base}/_sandbox/clock`).then(
        () => false,
        () => true,
      );
    }
    expect(freed).toBe(true);
  });

  it("stops when npm itself is killed, though the shell between them lives on (npx)", async () => {
    // The tree npx builds: node (npm) -> sh -c -> node (the bin). SIGKILL to
    // npm leaves the shell waiting on the sandbox; the sandbox must stop.
    const npm = spawn(
      process.execPath,
      [
        "-e",
        `const { spawn } = require("node:child_process");
         const sh = spawn("sh", ["-c", process.argv[1] + "; exit $?"], { stdio: "inherit" });
         sh.on("exit", (code) => process.exit(code ?? 1));`,
        `"${process.execPath}" --conditions=@shipbridge/source "${cli}" --port 0 --json --quiet`,
      ],
      { stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, npm_command: "exec" } },
    );
    let text = "";
    npm.stdout?.on("data", (chunk) => {
      text += chunk;
    });
    const [line] = await waitFor(() => text, /^\{.*\}$/m);
    const ready = JSON.parse(line);
    expect((await fetch(`${ready.base_url}/_sandbox/clock`)).status).toBe(200);
    npm.kill("SIGKILL");
    let freed = false;
    for (let i = 0; i < 100 && !freed; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const refused = (url: string) =>
        fetch(`${url}/_sandbox/clock`).then(
          () => false,
          () => true,
        );
      freed = (await refused(ready.base_url)) && (await refused(ready.account_url));
    }
    expect(freed).toBe(true);
  });

  it("stops cleanly on SIGHUP", async () => {
    const { child, output } = run(["--port", "0", "--quiet"]);
    await waitFor(output, /account_url:/);
    child.kill("SIGHUP");
    expect(await exitCode(child)).toBe(0);
  });

  it.each([
    [["--port", "abc"], /--port must be a port number/],
    [["--nope"], /Unknown option '--nope'/],
    [["--config", "/no/such/file.json"], /cannot read --config/],
    [["--clock-start", "next monday"], /--clock-start\) must be an ISO 8601 instant/],
  ])("explains bad arguments %j and exits with 2", async (args, message) => {
    const { child, output } = run(args);
    expect(await exitCode(child)).toBe(2);
    expect(output()).toMatch(message);
    expect(output()).toContain("Usage:");
  });

  it("names --ready-file and its path when the folder is missing, not a temp file", async () => {
    const target = join(dir, "no-such-folder", "ready.json");
    const { child, output } = run(["--port", "0", "--quiet", "--ready-file", target]);
    expect(await exitCode(child)).toBe(2);
    expect(output()).toContain(`cannot write --ready-file ${target}`);
    expect(output()).toContain("ENOENT");
    expect(output()).not.toContain(".tmp");
  });

  it("explains an invalid config file, naming the field", async () => {
    const file = join(dir, "bad.json");
    writeFileSync(file, JSON.stringify({ applications: [{ client_id: "a" }], users: [] }));
    const { child, output } = run(["--config", file]);
    expect(await exitCode(child)).toBe(2);
    expect(output()).toContain("applications.0.client_secret");
  });
});
