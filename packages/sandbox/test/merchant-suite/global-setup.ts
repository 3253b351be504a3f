// A merchant's vitest global setup: one sandbox for the whole run, its
// addresses handed to the test files, closed when the run ends.
import { startSandbox } from "@shipbridge/sandbox";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    sandbox: { baseUrl: string; accountUrl: string };
  }
}

export default async function setup(project: TestProject) {
  const sandbox = await startSandbox({ freezeClock: true });
  project.provide("sandbox", { baseUrl: sandbox.baseUrl, accountUrl: sandbox.accountUrl });
  return () => sandbox.close();
}
