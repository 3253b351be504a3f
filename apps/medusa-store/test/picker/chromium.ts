// Headless Debian chromium driven by playwright-core, with a fresh profile
// and no calls home (the machine reaches no internet), at a phone's width.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium } from "playwright-core";

const CHROMIUM = "/usr/bin/chromium";

const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface Phone {
  readonly context: BrowserContext;
  close(): Promise<void>;
}

/** A 390 px wide phone's browser speaking `locale`. */
export async function openPhone(locale: string): Promise<Phone> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} is missing: install Debian's chromium (bash tooling/run.sh test does it when it can)`,
    );
  }
  const profile = mkdtempSync(join(tmpdir(), "shipbridge-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    locale,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  return {
    context,
    async close() {
      await context.close().catch(() => {});
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
