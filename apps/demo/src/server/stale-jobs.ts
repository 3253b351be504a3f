// After a killed run: jobs it left "active" would wait for their expiry (15
// minutes by default) before anyone retried them. One demo runs on its data
// folder at a time, so at start every active job belongs to a dead process:
// failing it now puts it up for retry at once. Every job here is safe to run
// again (that is what the retry policy already assumes).
import { PgBoss } from "pg-boss";

export async function failStaleJobs(boss: PgBoss, queues?: readonly string[]): Promise<number> {
  const names = queues ?? (await boss.getQueues()).map((queue) => queue.name);
  let failed = 0;
  for (const name of names) {
    const active = (await boss.findJobs(name, { limit: 10_000 })).filter(
      (job) => job.state === "active",
    );
    if (active.length === 0) continue;
    await boss.fail(
      name,
      active.map((job) => job.id),
      { reason: "the demo was stopped while this job ran" },
    );
    failed += active.length;
  }
  return failed;
}

/** The same for another component's pg-boss (the Shopify app's), before it starts. */
export async function failStaleJobsIn(databaseUrl: string): Promise<number> {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    max: 1,
    supervise: false,
    schedule: false,
  });
  boss.on("error", () => {});
  await boss.start();
  try {
    return await failStaleJobs(boss);
  } finally {
    await boss.stop({ graceful: false, timeout: 2_000 });
  }
}
