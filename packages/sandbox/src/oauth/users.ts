// The users who can log in (authorization page and password grant): those of
// the config file, or the built-in demo user.
import { timingSafeEqual } from "node:crypto";
import type { SandboxConfig, UserConfig } from "../config.ts";
import { sha256 } from "./secrets.ts";

/** The user with this name and password, compared in constant time. */
export function authenticateUser(
  config: SandboxConfig,
  username: string,
  password: string,
): UserConfig | undefined {
  const user = config.users.find((u) => u.username === username);
  const expected = Buffer.from(sha256(user?.password ?? "\u0000no user"), "hex");
  const given = Buffer.from(sha256(password), "hex");
  return timingSafeEqual(expected, given) && user ? user : undefined;
}
