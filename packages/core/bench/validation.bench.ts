// Benchmark of package validation on the hot path: validatePackage (rules,
// normalization and the strict schema) against a bare zod parse of
// PackageV2Schema, on the same realistic v2 package in the same run. The ratio
// is what the rules cost on top of the schema.
import { Bench } from "tinybench";
import { PackageV2Schema } from "../src/schemas/index.ts";
import { SAMPLE_ACCOUNT_SERVICES, sampleV2Package } from "../src/validation/sample-packages.ts";
import { validatePackage } from "../src/validation/validate-package.ts";

export interface ValidationBenchResult {
  /** Operations per second. */
  readonly zodOps: number;
  readonly validateOps: number;
  readonly validateNormalizingOps: number;
}

const CLOCK = () => new Date("2026-09-01T10:00:00Z");

/** A package that needs normalizing: phones with a country code, fractional centimetres. */
function packageToNormalize(): Record<string, unknown> {
  const pkg = sampleV2Package();
  (pkg["receiver"] as Record<string, unknown>)["phone"] = "+48 601-202-303";
  const parcels = pkg["parcels"] as Record<string, unknown>[];
  if (parcels[0] !== undefined) parcels[0]["width"] = 29.5;
  return pkg;
}

function opsOf(bench: Bench, name: string): number {
  const task = bench.getTask(name);
  const result = task?.result;
  if (result === undefined || !("throughput" in result)) {
    throw new Error(`benchmark task ${name} did not complete`);
  }
  return result.throughput.mean;
}

export async function runValidationBench(
  options: { readonly timeMs?: number } = {},
): Promise<ValidationBenchResult> {
  const plain = sampleV2Package();
  const toNormalize = packageToNormalize();
  const validateOptions = {
    version: 2,
    clock: CLOCK,
    accountServices: SAMPLE_ACCOUNT_SERVICES,
  } as const;
  // Sanity: the bench measures the success path of both.
  if (!PackageV2Schema.safeParse(plain).success) throw new Error("sample package fails zod");
  if (!validatePackage(plain, validateOptions).ok) throw new Error("sample package is refused");
  if (!validatePackage(toNormalize, validateOptions).ok) throw new Error("package is refused");

  const bench = new Bench({ time: options.timeMs ?? 1_500, warmupTime: 300 });
  bench
    .add("zod PackageV2Schema.safeParse", () => {
      PackageV2Schema.safeParse(plain);
    })
    .add("validatePackage (v2)", () => {
      validatePackage(plain, validateOptions);
    })
    .add("validatePackage (v2, normalizing)", () => {
      validatePackage(toNormalize, validateOptions);
    });
  await bench.run();
  return {
    zodOps: opsOf(bench, "zod PackageV2Schema.safeParse"),
    validateOps: opsOf(bench, "validatePackage (v2)"),
    validateNormalizingOps: opsOf(bench, "validatePackage (v2, normalizing)"),
  };
}

/** The result as printable lines, ratios included. */
export function formatValidationBench(result: ValidationBenchResult): string[] {
  const ops = (n: number) => `${Math.round(n).toLocaleString("en-US")} ops/s`;
  const us = (n: number) => `${(1e6 / n).toFixed(2)} µs`;
  const ratio = (n: number) => `${(result.zodOps / n).toFixed(2)}x the zod time`;
  return [
    `validation, bare zod parse of PackageV2Schema: ${ops(result.zodOps)} (${us(result.zodOps)} per package)`,
    `validation, validatePackage v2:                ${ops(result.validateOps)} (${us(result.validateOps)} per package, ${ratio(result.validateOps)})`,
    `validation, validatePackage v2, normalizing:   ${ops(result.validateNormalizingOps)} (${us(result.validateNormalizingOps)} per package, ${ratio(result.validateNormalizingOps)})`,
  ];
}

if (import.meta.main) {
  const result = await runValidationBench();
  for (const line of formatValidationBench(result)) console.log(line);
}
