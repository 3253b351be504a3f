#!/usr/bin/env node
// The shipbridge-shopify bin. Not built yet: it says so and exits non-zero,
// so nobody deploys it believing it serves Shopify.
const help = "shipbridge-shopify: the deployable Shopify app (not built yet in this version).";
if (process.argv.includes("--help")) {
  console.log(help);
} else {
  console.error(help);
  process.exitCode = 1;
}
