// The ports `start` listens on, from the environment: Medusa's `PORT`
// (9000), and the local sandbox's `SHIPBRIDGE_SANDBOX_PORT` (4010) and
// `SHIPBRIDGE_SANDBOX_ACCOUNT_PORT` (4011; its login and consent pages). A
// sandbox port of 0 takes any free one. Every bad value is named at once,
// in English and Polish.

export interface StorePorts {
  /** Medusa's store and admin APIs (and the admin at /app). */
  readonly medusa: number;
  /** The sandbox's API (its base URL); 0: any free port. */
  readonly sandbox: number;
  /** The sandbox's account pages; 0: any free port. */
  readonly sandboxAccount: number;
}

interface PortVariable {
  readonly name: string;
  readonly key: keyof StorePorts;
  readonly fallback: number;
  /** The lowest port allowed: Medusa must be told a real one, the sandbox may pick. */
  readonly lowest: 0 | 1;
}

const VARIABLES: readonly PortVariable[] = [
  { name: "PORT", key: "medusa", fallback: 9000, lowest: 1 },
  { name: "SHIPBRIDGE_SANDBOX_PORT", key: "sandbox", fallback: 4010, lowest: 0 },
  { name: "SHIPBRIDGE_SANDBOX_ACCOUNT_PORT", key: "sandboxAccount", fallback: 4011, lowest: 0 },
];

/** The ports, or every problem with them (one line each, English then Polish). */
export function readPorts(
  env: NodeJS.ProcessEnv,
): { ok: true; ports: StorePorts } | { ok: false; problems: string[] } {
  const ports: Record<keyof StorePorts, number> = { medusa: 0, sandbox: 0, sandboxAccount: 0 };
  const problems: string[] = [];
  for (const variable of VARIABLES) {
    const raw = env[variable.name]?.trim();
    if (raw === undefined || raw === "") {
      ports[variable.key] = variable.fallback;
      continue;
    }
    const port = /^\d{1,5}$/.test(raw) ? Number(raw) : Number.NaN;
    if (Number.isInteger(port) && port >= variable.lowest && port <= 65535) {
      ports[variable.key] = port;
      continue;
    }
    problems.push(
      `${variable.name}: must be a port number from ${variable.lowest} to 65535, not "${raw}" ` +
        `(${variable.name}: musi być numerem portu od ${variable.lowest} do 65535, nie „${raw}”)`,
    );
  }
  const fixed = VARIABLES.filter((variable) => ports[variable.key] !== 0);
  for (const [index, variable] of fixed.entries()) {
    const other = fixed
      .slice(0, index)
      .find((earlier) => ports[earlier.key] === ports[variable.key]);
    if (other === undefined) continue;
    problems.push(
      `${variable.name}: must differ from ${other.name} (both ${ports[variable.key]}) ` +
        `(${variable.name}: musi się różnić od ${other.name}, oba ${ports[variable.key]})`,
    );
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, ports };
}
