// Tests of this package use the workspace's shared vitest configuration.
import { sharedConfig } from "../../tooling/vitest.config.ts";

export default sharedConfig(import.meta.dirname);
