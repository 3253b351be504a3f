// Writes shopify.app.toml for your app from the code (src/deploy/app-toml.ts),
// and the app's address the buyer's blocks call (extensions/pickup-point):
//   pnpm app:toml --client-id <id> --app-url https://ship.example.com
// or with SHOPIFY_API_KEY and SHOPIFY_APP_URL set (the bin's own names).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { appToml, extensionAppUrl } from "../src/deploy/app-toml.ts";

const { values } = parseArgs({
  options: {
    "client-id": { type: "string" },
    "app-url": { type: "string" },
    name: { type: "string" },
  },
});
const clientId = values["client-id"] ?? process.env.SHOPIFY_API_KEY;
const appUrl = values["app-url"] ?? process.env.SHOPIFY_APP_URL;
if (!clientId || !appUrl) {
  console.error(
    "Give --client-id and --app-url (or SHOPIFY_API_KEY and SHOPIFY_APP_URL). " +
      "Podaj --client-id i --app-url (albo SHOPIFY_API_KEY i SHOPIFY_APP_URL).",
  );
  process.exit(2);
}
const file = join(import.meta.dirname, "..", "shopify.app.toml");
const urlFile = join(import.meta.dirname, "..", "extensions", "pickup-point", "src", "app-url.ts");
try {
  writeFileSync(file, appToml({ clientId, appUrl, ...(values.name ? { name: values.name } : {}) }));
  writeFileSync(urlFile, extensionAppUrl(appUrl));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}
console.log(`wrote ${file} and ${urlFile}`);
