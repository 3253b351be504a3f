// The merchant's vitest configuration: the global setup starts the sandbox
// once, the setup file resets it before each test file.
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { conditions: ["@shipbridge/source", "import", "default"] },
  ssr: { resolve: { conditions: ["@shipbridge/source", "import", "default"] } },
  test: {
    root: import.meta.dirname,
    include: ["*.spec.ts"],
    globalSetup: ["./global-setup.ts"],
    setupFiles: ["./reset-between-files.ts"],
  },
});
