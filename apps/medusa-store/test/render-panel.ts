// Renders the plugin's order-page panel (what its admin widget shows) to
// HTML with react-dom/server, from an answer of the real admin route. The
// component is the plugin's own source, loaded through vitest's transform.
import { createRequire } from "node:module";
import { resolve } from "node:path";

// React as the store installs it (the app has no React type declarations).
const load = createRequire(`${process.cwd()}/package.json`);
const { createElement } = load("react") as {
  createElement(type: unknown, props: Record<string, unknown>): unknown;
};
const { renderToStaticMarkup } = load("react-dom/server") as {
  renderToStaticMarkup(element: unknown): string;
};

// A path computed at run time keeps the app's typecheck (which has no JSX
// settings) out of the plugin's TSX. Tests run from the app's folder.
const PANEL = resolve(
  process.cwd(),
  "../../packages/medusa/src/admin/components/shipment-panel.tsx",
);

export async function renderPanel(answer: unknown): Promise<string> {
  const { ShipmentPanel } = (await import(PANEL)) as { ShipmentPanel: unknown };
  return renderToStaticMarkup(createElement(ShipmentPanel, { answer, failed: false }));
}
