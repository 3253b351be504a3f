// Placeholder for the demo app: apps/demo is built by its own issue. Until it
// lands, the demo command says so and points at what already runs.
console.log(`The demo app (apps/demo) is not built yet: it comes with its own issue.

What runs today against the embedded sandbox:
  bash tooling/run.sh sandbox      start the sandbox (OAuth 2.0 server + REST API)
  bash tooling/run.sh test         run every test`);
