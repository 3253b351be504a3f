// Starts the sandbox: opens its database (in memory, or a file that keeps all
// state across restarts), writes the configured applications, makes sure the
// signing key exists, and serves {base_url} and {account_url} on two ports.
// The handle also sets a pickup point's state, as the /_sandbox control does.
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import { createSandboxApps } from "./app.ts";
import { SandboxClock } from "./clock/sandbox-clock.ts";
import { DEMO_CONFIG, parseSandboxConfig, type SandboxConfigInput } from "./config.ts";
import type { SandboxContext } from "./context.ts";
import { TokenStats } from "./controls/token-stats.ts";
import { FaultRules } from "./faults/fault-rules.ts";
import { LoginLockouts } from "./lockouts/login-lockouts.ts";
import { seedApplications } from "./oauth/applications.ts";
import { ensureOAuthSchema } from "./oauth/schema.ts";
import { signingKey } from "./oauth/signing-key.ts";
import {
  type PointStateInput,
  PointStateInputSchema,
  setPointState,
} from "./rest/points/point-states.ts";
import { SandboxDatabase } from "./state/database.ts";

type NodeServer = ReturnType<typeof createAdaptorServer>;

export interface StartSandboxOptions {
  /** Port of {base_url}; 0 picks a free one. Default 0. */
  port?: number;
  /** Port of {account_url}; 0 picks a free one. Default 0. */
  accountPort?: number;
  /** Address to listen on. Default 127.0.0.1. */
  host?: string;
  /** Applications and users; the built-in demo application and user by default. */
  config?: SandboxConfigInput;
  /** SQLite file that keeps all state across restarts; in memory by default. */
  dataFile?: string;
  /**
   * Where the sandbox clock starts (an ISO 8601 instant or a Date); it runs on
   * with real time from there. Default: real time. Use it to test date-bound
   * rules from either side of their date, e.g. the postal own-contract rule
   * that applies from 2026-08-24. A data file that already has state keeps its
   * clock, which never moves back: a later clockStart moves it forward, an
   * earlier one is ignored.
   */
  clockStart?: Date | string;
  /**
   * Stops the clock: it stands at its start and moves only by
   * POST /_sandbox/clock/advance, so a test can stand exactly one second
   * before a limit however slowly it runs. Default false: the clock runs with
   * real time.
   */
  freezeClock?: boolean;
  /** Receives one line per request (method, path, status; never queries or bodies). */
  log?: (line: string) => void;
}

export interface RunningSandbox {
  /** {base_url}: authorization, token endpoint, REST API and /_sandbox controls. */
  readonly baseUrl: string;
  /** {account_url}: token endpoint. */
  readonly accountUrl: string;
  /** The sandbox clock's time (GET /_sandbox/clock answers the same). */
  now(): Date;
  /**
   * The sandbox clock as core's `Clock` (`() => Date`): give it to
   * OAuthClient({ clock }) so that token expiry is judged by the time the
   * sandbox keeps, advances included.
   */
  readonly clock: () => Date;
  /**
   * Closes a pickup point (`active: false`) or puts it on holiday
   * (`holiday: true`), and back, as POST /_sandbox/points/{code} does: what
   * is left out keeps its state. Answers the point's code and state.
   * @throws RangeError for a code the point data set does not have,
   *   TypeError naming the field for a bad state.
   */
  setPointState(code: string, state: PointStateInput): PointStateView;
  /** Closes both servers and the database; resolves when all is closed. */
  close(): Promise<void>;
}

/** A point's code and its state as POST /points/map answers it. */
export interface PointStateView {
  readonly code: string;
  readonly active: boolean;
  readonly holiday: boolean;
}

function listen(server: NodeServer, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once("error", onError);
    server.listen(port, host, () => {
      server.off("error", onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: NodeServer): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    if ("closeAllConnections" in server) server.closeAllConnections();
  });
}

function urlOf(host: string, port: number): string {
  const shown =
    host === "0.0.0.0"
      ? "127.0.0.1"
      : host === "::"
        ? "[::1]"
        : host.includes(":")
          ? `[${host}]`
          : host;
  return `http://${shown}:${port}`;
}

const ISO_INSTANT = /^\d{4}-\d\d-\d\d(T\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d))?$/;

function clockStartOf(value: Date | string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const at = typeof value === "string" ? new Date(value) : value;
  const valid = typeof value === "string" ? ISO_INSTANT.test(value) : true;
  if (!valid || Number.isNaN(at.getTime())) {
    const shown = typeof value === "string" ? JSON.stringify(value) : "an invalid Date";
    throw new RangeError(
      `the clock start (clockStart, --clock-start) must be an ISO 8601 instant such as 2026-08-23T00:00:00Z, not ${shown}`,
    );
  }
  return at;
}

function checkPort(name: string, port: number): void {
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new RangeError(`${name} must be a whole number from 0 to 65535, not ${port}`);
  }
}

export async function startSandbox(options: StartSandboxOptions = {}): Promise<RunningSandbox> {
  const host = options.host ?? "127.0.0.1";
  const port = options.port ?? 0;
  const accountPort = options.accountPort ?? 0;
  checkPort("port", port);
  checkPort("accountPort", accountPort);
  const clockStart = clockStartOf(options.clockStart);
  const config = parseSandboxConfig(options.config ?? DEMO_CONFIG);
  const db = new SandboxDatabase(options.dataFile);
  const servers: NodeServer[] = [];
  try {
    ensureOAuthSchema(db);
    const clock = new SandboxClock(db, { frozen: options.freezeClock ?? false });
    clock.start(clockStart);
    seedApplications(db, config.applications, clock.nowMs());
    await signingKey(db);
    const ctx: SandboxContext = {
      db,
      clock,
      config,
      lockouts: new LoginLockouts(clock),
      baseUrl: "",
      accountUrl: "",
    };
    const controls = { faults: new FaultRules(), stats: new TokenStats(clock.now()) };
    const apps = createSandboxApps(ctx, controls, options.log);
    const base = createAdaptorServer({ fetch: apps.base.fetch, hostname: host });
    servers.push(base);
    const account = createAdaptorServer({ fetch: apps.account.fetch, hostname: host });
    servers.push(account);
    ctx.baseUrl = urlOf(host, await listen(base, port, host));
    ctx.accountUrl = urlOf(host, await listen(account, accountPort, host));
    let closing: Promise<void> | undefined;
    return {
      baseUrl: ctx.baseUrl,
      accountUrl: ctx.accountUrl,
      now: () => clock.now(),
      clock: () => clock.now(),
      setPointState(code, state) {
        const input = PointStateInputSchema.safeParse(state);
        if (!input.success) {
          const problems = input.error.issues.map(
            (issue) => `${issue.path.join(".") || "state"}: ${issue.message}`,
          );
          throw new TypeError(`not a point state: ${problems.join("; ")}`);
        }
        const point = setPointState(db, code, input.data, clock.nowMs());
        if (!point) throw new RangeError(`There is no point ${code}; POST /points/map lists them.`);
        return { code: point.code, active: point.active, holiday: point.holiday };
      },
      close() {
        closing ??= Promise.all(servers.map(closeServer)).then(() => db.close());
        return closing;
      },
    };
  } catch (error) {
    await Promise.all(servers.map(closeServer));
    db.close();
    throw error;
  }
}
