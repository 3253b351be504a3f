// Checks what shipBatch adds to shipOrder's options before anything is sent
// (the batch id that names the chunk commands, the concurrency, the chunk
// size, the progress callback) and refuses shipOrder's options a batch does
// not take (userReferenceNumber, label), and holds their defaults. Every problem is a
// ValidationError issue at its `options.…` path with a rule from RULE_CODES,
// beside shipOrder's own option issues.
import type { Language } from "../issues/language.ts";
import { storeIdProblem } from "../mapping/store-id.ts";
import { ORDER_PACKAGES_MAX } from "../schemas/index.ts";
import { type Issue, type RawIssue, RULE_CODES, renderMessage } from "../validation/index.ts";

/**
 * Package creations at once, chosen by the bench (bench/batch.bench.ts with
 * BENCH_SWEEP=1: 200 orders and one merged labels file, 50 ms of latency on
 * every answer, a busy 2-core machine): 4 took 24.6 s, 8 took 20.3 s, 16
 * took 19.6 s and 32 took 18.1 s. Past 16 the gain is within the machine's
 * noise while the load on the service doubles, so 16.
 */
export const DEFAULT_BATCH_CONCURRENCY = 16;

/**
 * Packages per order command, chosen by the same bench: chunks of 25, 50
 * and 100 took 18.1 s, 18.7 s and 17.9 s (every command takes as long
 * whatever its size, and the next chunk is created while one is ordered),
 * so the service's most, which costs the fewest commands, polls and label
 * checks.
 */
export const DEFAULT_CHUNK_SIZE = ORDER_PACKAGES_MAX;

/** The most package creations at once a batch may ask for. */
export const MAX_BATCH_CONCURRENCY = 64;

/** The problems of shipBatch's own options (shipOrderOptionIssues checks the shared ones). */
export function batchOptionIssues(options: object, language: Language): Issue[] {
  const issues: Issue[] = [];
  const report = (path: string, rule: RawIssue["rule"], params: RawIssue["params"] = {}): void => {
    issues.push({ path, rule, message: renderMessage({ path, rule, params }, language) });
  };
  const given = options as Record<string, unknown>;
  const batchId = storeIdProblem(given["batchId"]);
  if (batchId !== undefined) report("options.batchId", batchId.rule, batchId.params);
  const whole = (key: string, max: number): void => {
    const value = given[key];
    if (value === undefined) return;
    if (typeof value !== "number" || !Number.isInteger(value)) {
      report(`options.${key}`, RULE_CODES.invalid_type, { expected: "int" });
    } else if (value < 1) {
      report(`options.${key}`, RULE_CODES.too_small, { minimum: 1, inclusive: "yes" });
    } else if (value > max) {
      report(`options.${key}`, RULE_CODES.too_big, { maximum: max, inclusive: "yes" });
    }
  };
  whole("concurrency", MAX_BATCH_CONCURRENCY);
  whole("chunkSize", ORDER_PACKAGES_MAX);
  if (given["onProgress"] !== undefined && typeof given["onProgress"] !== "function") {
    report("options.onProgress", RULE_CODES.invalid_type, { expected: "function" });
  }
  // shipOrder's options that a batch cannot take, e.g. from a spread of a
  // store's per-order options: one reference for every order would make each
  // order find the others' packages.
  for (const option of ["userReferenceNumber", "label"]) {
    if (given[option] !== undefined) {
      report(`options.${option}`, RULE_CODES.not_a_batch_option, { option });
    }
  }
  return issues;
}
