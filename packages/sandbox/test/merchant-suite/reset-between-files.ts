// Runs before each test file (setupFiles): every file starts from a clean
// sandbox (faults, lockouts and REST data cleared; tokens kept).
import { beforeAll, inject } from "vitest";

beforeAll(async () => {
  const response = await fetch(`${inject("sandbox").baseUrl}/_sandbox/reset`, { method: "POST" });
  if (!response.ok) throw new Error(`sandbox reset answered ${response.status}`);
});
