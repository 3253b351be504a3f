import { sharedConfig } from "../../tooling/vitest.config.ts";

export default sharedConfig(import.meta.dirname);
