// Test support: waits, polling every 100 ms, until `check` answers true, and
// fails naming what it waited for.
export async function eventually(
  check: () => Promise<boolean> | boolean,
  what: string,
  attempts = 200,
): Promise<void> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}
