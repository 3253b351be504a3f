// The accessibility check of the browser tests: axe-core runs inside the page
// and the check fails naming every serious or critical violation it finds.
import axe from "axe-core";
import type { Page } from "playwright-core";

/** The impacts a page must never have. */
const BLOCKING = new Set(["serious", "critical"]);

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** What axe-core checks: the whole page, or only the elements `include` selects. */
export interface AccessibilityScope {
  readonly include?: readonly string[];
}

/**
 * Runs axe-core on the page as it is now (or on the parts `include` selects);
 * answers the serious and critical violations.
 */
export async function accessibilityViolations(
  page: Page,
  scope: AccessibilityScope = {},
): Promise<Violation[]> {
  const injected = await page.evaluate(() => "axe" in window);
  if (!injected) await page.addScriptTag({ content: axe.source });
  const include = scope.include ? [...scope.include] : null;
  const found = await page.evaluate(async (selectors) => {
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    const context = selectors ? { include: selectors.map((selector) => [selector]) } : document;
    const results = await run(context, { resultTypes: ["violations"] });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.map(String).join(" ")),
    }));
  }, include);
  return found.filter((violation) => violation.impact && BLOCKING.has(violation.impact));
}

/**
 * Fails when axe-core finds a serious or critical violation on the page,
 * listing every one (rule id, impact, help and the elements' selectors);
 * `label` says which page and state were checked, `scope.include` limits the
 * check to the elements those selectors pick (a panel of the page).
 */
export async function expectAccessible(
  page: Page,
  label: string,
  scope: AccessibilityScope = {},
): Promise<void> {
  const violations = await accessibilityViolations(page, scope);
  if (violations.length === 0) return;
  const lines = violations.map(
    (violation) =>
      `- ${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.targets.join("\n    ")}`,
  );
  throw new Error(
    `${label}: ${violations.length} serious or critical accessibility violation(s)\n${lines.join("\n")}`,
  );
}
