// What the demo command says until the demo app (apps/demo) lands: it is built
// by its own issue. Until then, it points at what already runs on its own.
console.log(`The demo app (apps/demo), both stores shipping through the service with a
dashboard, is not built yet: it comes with its own issue.

What runs today against the embedded sandbox:
  bash tooling/run.sh sandbox        the sandbox (OAuth 2.0 server + REST API)
  bash tooling/run.sh test           every test

With the toolchain on PATH (see tooling/README.md):
  pnpm build && pnpm -F @shipbridge/medusa-store start
                                     a real Medusa store with the plugin, on
                                     embedded PostgreSQL and the sandbox
  packages/shopify/README.md         deploying the Shopify app (its bin,
                                     shipbridge-shopify)`);
