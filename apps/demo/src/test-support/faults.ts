// Loaded into the demo's process by the crash tests only (`node --import`):
// SIGUSR2 makes the demo fail as a bug in it would, with an uncaught
// exception, or (DEMO_TEST_FAULT=rejection) an unhandled rejection.
process.on("SIGUSR2", () => {
  const fault = new Error("a fault the test injected");
  if (process.env.DEMO_TEST_FAULT === "rejection") void Promise.reject(fault);
  else throw fault;
});
