// Injected faults: the sandbox can answer 429 (with Retry-After), 500, 502,
// 503 and 504, and add latency, at a chosen rate, optionally only for some
// paths, methods or one of the two hosts. Rules apply to the REST API and the
// token endpoints, never to /_sandbox, the authorization pages or the key set.
// A fault happens before the handler runs (nothing changes), unless the rule
// says `after: true`: then the request is processed and its answer is lost.
// `seed` makes a rule's random choices repeatable; `count` limits how often
// it fires.
import { z } from "zod";
import { seededRandom } from "../support/hashing.ts";

export const FAULT_STATUSES = [429, 500, 502, 503, 504] as const;

/** Longest path pattern a rule may carry. */
export const MAX_PATH_PATTERN = 200;

export const FaultRuleInputSchema = z
  .strictObject({
    status: z
      .number()
      .refine((s) => (FAULT_STATUSES as readonly number[]).includes(s), {
        message: `status must be one of ${FAULT_STATUSES.join(", ")}`,
      })
      .optional(),
    rate: z
      .number()
      .min(0, "rate must be between 0 and 1")
      .max(1, "rate must be between 0 and 1")
      .default(1),
    path: z
      .string()
      .startsWith(
        "/",
        "path must start with / (a prefix such as /packages, or a glob such as /packages/*/label)",
      )
      .max(MAX_PATH_PATTERN, `path must have at most ${MAX_PATH_PATTERN} characters`)
      .optional(),
    method: z
      .string()
      .regex(/^[A-Za-z]+$/, "method must be an HTTP method such as GET or POST")
      .transform((m) => m.toUpperCase())
      .optional(),
    host: z.enum(["base", "account", "any"]).default("any"),
    retry_after: z
      .int("retry_after must be a whole number of seconds")
      .min(0)
      .max(86_400)
      .optional(),
    latency_ms: z
      .int("latency_ms must be a whole number of milliseconds")
      .min(0)
      .max(60_000)
      .optional(),
    count: z.int("count must be a whole number").min(1, "count must be at least 1").optional(),
    seed: z.int("seed must be a whole number").optional(),
    after: z.boolean().default(false),
  })
  .refine((r) => r.status !== undefined || r.latency_ms !== undefined, {
    message: "a rule needs a status to answer, a latency_ms to add, or both",
    path: ["status"],
    params: { rule: "required" },
  })
  .refine((r) => !r.after || r.status !== undefined, {
    message: "after: true needs a status: the answer that replaces the processed one",
    path: ["after"],
  });

export type FaultRuleInput = z.input<typeof FaultRuleInputSchema>;
type ParsedRule = z.output<typeof FaultRuleInputSchema>;

export interface FaultRule extends ParsedRule {
  readonly id: string;
  /** How many times the rule has fired. */
  fired: number;
}

const ONE_SEGMENT = 1;
const ANY = 2;
type GlobToken = string | typeof ONE_SEGMENT | typeof ANY;

function globTokens(pattern: string): GlobToken[] {
  const tokens: GlobToken[] = [];
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] !== "*") tokens.push(pattern[i] as string);
    else if (pattern[i + 1] === "*") {
      tokens.push(ANY);
      i++;
    } else tokens.push(ONE_SEGMENT);
  }
  return tokens;
}

/**
 * Whether `path` matches the glob `pattern` (`*` within one segment, `**`
 * across segments). It follows every position of the pattern at once (a
 * Thompson automaton), so it takes at most path length × pattern length
 * steps: a regular expression made of many `**` backtracks exponentially.
 */
export function globMatches(pattern: string, path: string): boolean {
  const tokens = globTokens(pattern);
  let states = new Uint8Array(tokens.length + 1);
  let next = new Uint8Array(tokens.length + 1);
  const close = (set: Uint8Array) => {
    // A star may match nothing: its state also stands at the token after it.
    for (let i = 0; i < tokens.length; i++)
      if (set[i] && typeof tokens[i] !== "string") set[i + 1] = 1;
  };
  states[0] = 1;
  close(states);
  for (const ch of path) {
    next.fill(0);
    let alive = false;
    for (let i = 0; i < tokens.length; i++) {
      if (!states[i]) continue;
      const token = tokens[i];
      if (token === ANY || (token === ONE_SEGMENT && ch !== "/")) next[i] = 1;
      else if (token === ch) next[i + 1] = 1;
      else continue;
      alive = true;
    }
    if (!alive) return false;
    close(next);
    [states, next] = [next, states];
  }
  return states[tokens.length] === 1;
}

function pathMatcher(pattern: string | undefined): (path: string) => boolean {
  if (pattern === undefined) return () => true;
  if (!pattern.includes("*")) {
    const prefix = pattern.endsWith("/") ? pattern : `${pattern}/`;
    return (path) => path === pattern || path.startsWith(prefix);
  }
  return (path) => globMatches(pattern, path);
}

interface ActiveRule {
  readonly rule: FaultRule;
  readonly matches: (path: string) => boolean;
  readonly random: () => number;
}

export interface FaultDecision {
  readonly latencyMs: number;
  /** The rule whose status answers the request, if any fired. */
  readonly fault?: FaultRule;
}

/** Paths that faults never touch. */
export function isExemptFromFaults(path: string): boolean {
  return (
    path === "/_sandbox" ||
    path.startsWith("/_sandbox/") ||
    path.startsWith("/oauth/authorize") ||
    path.startsWith("/.well-known/")
  );
}

export class FaultRules {
  #rules: ActiveRule[] = [];
  #next = 1;
  #injected = 0;

  add(input: ParsedRule): FaultRule {
    const rule: FaultRule = { ...input, id: `fault_${this.#next++}`, fired: 0 };
    const random = input.seed === undefined ? Math.random : seededRandom(input.seed);
    this.#rules.push({ rule, matches: pathMatcher(input.path), random });
    return { ...rule };
  }

  list(): FaultRule[] {
    return this.#rules.map((r) => ({ ...r.rule }));
  }

  remove(id: string): boolean {
    const before = this.#rules.length;
    this.#rules = this.#rules.filter((r) => r.rule.id !== id);
    return this.#rules.length < before;
  }

  clear(): void {
    this.#rules = [];
    this.#injected = 0;
  }

  /** How many answers were replaced by a fault since the last clear. */
  get injected(): number {
    return this.#injected;
  }

  /** Decides what happens to one request; rules are tried in the order they were added. */
  decide(request: { method: string; path: string; host: "base" | "account" }): FaultDecision {
    if (isExemptFromFaults(request.path)) return { latencyMs: 0 };
    let latencyMs = 0;
    let fault: FaultRule | undefined;
    for (const { rule, matches, random } of this.#rules) {
      if (rule.count !== undefined && rule.fired >= rule.count) continue;
      if (rule.host !== "any" && rule.host !== request.host) continue;
      if (rule.method !== undefined && rule.method !== request.method) continue;
      if (!matches(request.path)) continue;
      // Once a status is chosen, only latency can still add up.
      if (fault !== undefined && rule.latency_ms === undefined) continue;
      const fires = rule.rate >= 1 || random() < rule.rate;
      if (!fires) continue;
      rule.fired++;
      latencyMs += rule.latency_ms ?? 0;
      if (rule.status !== undefined && fault === undefined) fault = rule;
    }
    if (fault) this.#injected++;
    return fault ? { latencyMs, fault: { ...fault } } : { latencyMs };
  }
}
