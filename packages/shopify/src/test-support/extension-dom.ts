// Test support for the UI extensions' tests: a DOM for the extension
// (jsdom's document as the global `document`) without a global `window`.
// The app runs in the same process, and Shopify's Admin API client refuses
// to run where `window` exists (it takes that for a browser), so the tests
// keep Node's environment and lend the extension a document alone, for the
// time of each test.
import { JSDOM } from "jsdom";
import { afterEach, beforeEach } from "vitest";

export function useExtensionDom(): void {
  let dom: JSDOM | undefined;
  beforeEach(() => {
    dom = new JSDOM("<!doctype html><html><body></body></html>");
    Object.assign(globalThis, { document: dom.window.document });
  });
  afterEach(() => {
    delete (globalThis as { document?: unknown }).document;
    dom?.window.close();
  });
}
