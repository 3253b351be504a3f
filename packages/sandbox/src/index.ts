// @shipbridge/sandbox: the shipping service running locally (OAuth 2.0
// server, REST API and test controls). The public surface is the starter,
// the config types, the browser helper for the authorization pages, and the
// service's limits.

export { type RemoteSandboxClock, sandboxClock } from "./clock/client-clock.ts";
export {
  DEMO_CONFIG,
  parseSandboxConfig,
  type SandboxConfig,
  type SandboxConfigInput,
} from "./config.ts";
export { authorizeInBrowser, type BrowserLoginOptions } from "./oauth/browser-login.ts";
export {
  AUTHORIZATION_MONTHS,
  CLIENT_TOKEN_LIFETIME_SECONDS,
  CODE_LIFETIME_SECONDS,
  MAX_OPEN_SESSIONS,
  USER_TOKEN_LIFETIME_SECONDS,
} from "./oauth/limits.ts";
export type { PointStateInput } from "./rest/points/point-states.ts";
export {
  type PointStateView,
  type RunningSandbox,
  type StartSandboxOptions,
  startSandbox,
} from "./start-sandbox.ts";
