// Benchmark of the order-to-package mapping: toPackage on a realistic store
// order (strict parse of the StoreOrder, unit conversion, packing, names and
// phones, COD, pickup point, then validatePackage of the result, which
// toPackage always runs), against validatePackage alone on the package it
// builds, in the same run. The difference is what the mapping adds.

import { Bench } from "tinybench";
import { IBAN, SENDER, sampleOrder } from "../src/fixtures/index.ts";
import { type ToPackageOptions, toPackage } from "../src/mapping/to-package.ts";
import { validatePackage } from "../src/validation/validate-package.ts";

export interface MappingBenchResult {
  /** Operations per second. */
  readonly toPackageOps: number;
  readonly toPackageCodPointOps: number;
  readonly validateOnlyOps: number;
}

const CLOCK = () => new Date("2026-09-01T10:00:00Z");

const OPTIONS: ToPackageOptions = {
  sender: SENDER,
  cod: { iban: IBAN, name: "Jan Kowalski" },
  parcel: { width: 30, depth: 20, height: 10 },
  clock: CLOCK,
};

function opsOf(bench: Bench, name: string): number {
  const result = bench.getTask(name)?.result;
  if (result === undefined || !("throughput" in result)) {
    throw new Error(`benchmark task ${name} did not complete`);
  }
  return result.throughput.mean;
}

export async function runMappingBench(
  options: { readonly timeMs?: number } = {},
): Promise<MappingBenchResult> {
  const plain = sampleOrder();
  const codPoint = sampleOrder({
    cod: { amount: 193.69, currency: "PLN" },
    shipping: { service: "inpost" },
    pickup_point: { code: "KRA010", carrier: "inpost" },
  });
  const built = toPackage(plain, OPTIONS).package;
  // Sanity: the bench measures the success path.
  if (!validatePackage(built, { version: 2, clock: CLOCK }).ok) throw new Error("package refused");
  if (toPackage(codPoint, OPTIONS).package.receiver.point !== "KRA010") {
    throw new Error("the pickup point was not mapped");
  }

  const bench = new Bench({ time: options.timeMs ?? 1_500, warmupTime: 300 });
  bench
    .add("toPackage + validation", () => {
      toPackage(plain, OPTIONS);
    })
    .add("toPackage + validation (COD, pickup point)", () => {
      toPackage(codPoint, OPTIONS);
    })
    .add("validatePackage alone (the built package)", () => {
      validatePackage(built, { version: 2, clock: CLOCK });
    });
  await bench.run();
  return {
    toPackageOps: opsOf(bench, "toPackage + validation"),
    toPackageCodPointOps: opsOf(bench, "toPackage + validation (COD, pickup point)"),
    validateOnlyOps: opsOf(bench, "validatePackage alone (the built package)"),
  };
}

/** The result as printable lines. */
export function formatMappingBench(result: MappingBenchResult): string[] {
  const ops = (n: number) => `${Math.round(n).toLocaleString("en-US")} ops/s`;
  const us = (n: number) => `${(1e6 / n).toFixed(2)} µs`;
  const ratio = (n: number) => `${(result.validateOnlyOps / n).toFixed(2)}x the validation time`;
  return [
    `mapping, toPackage + validation:                    ${ops(result.toPackageOps)} (${us(result.toPackageOps)} per order, ${ratio(result.toPackageOps)})`,
    `mapping, toPackage + validation (COD, pickup point): ${ops(result.toPackageCodPointOps)} (${us(result.toPackageCodPointOps)} per order, ${ratio(result.toPackageCodPointOps)})`,
    `mapping, validatePackage alone on the result:       ${ops(result.validateOnlyOps)} (${us(result.validateOnlyOps)} per package)`,
  ];
}

if (import.meta.main) {
  const result = await runMappingBench();
  for (const line of formatMappingBench(result)) console.log(line);
}
