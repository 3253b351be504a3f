// The config file's schema: the demo config is valid, and every problem of a
// file is named by its path.
import { describe, expect, it } from "vitest";
import { DEMO_CONFIG, parseSandboxConfig } from "./config.ts";

describe("parseSandboxConfig", () => {
  it("accepts the demo config", () => {
    expect(parseSandboxConfig(DEMO_CONFIG).applications[0]?.client_id).toBe("demo-client");
  });

  it.each([
    [{ applications: [], users: [], extra: 1 }, "(root)"],
    [
      { applications: [{ client_id: "a", client_secret: "b", redirect_uri: "nope" }], users: [] },
      "applications.0.redirect_uri",
    ],
    [
      {
        applications: [
          { client_id: "a", client_secret: "b", redirect_uri: "https://x.example/cb#f" },
        ],
        users: [],
      },
      "applications.0.redirect_uri",
    ],
    [
      {
        applications: [
          { client_id: "a", client_secret: "b" },
          { client_id: "a", client_secret: "c" },
        ],
        users: [],
      },
      "applications.1",
    ],
    [
      {
        applications: [],
        users: [
          { username: "u", password: "p" },
          { username: "u", password: "q" },
        ],
      },
      "users.1",
    ],
    [{ applications: [], users: [{ username: "u" }] }, "users.0.password"],
  ])("refuses %j, naming %s", (input, path) => {
    expect(() => parseSandboxConfig(input)).toThrow(path);
  });
});
