// The registry: exactly one handler for every topic the app subscribes to.
import { describe, expect, it } from "vitest";
import { HANDLERS } from "./handlers.ts";
import { APP_TOPICS } from "./topics.ts";

describe("the handlers", () => {
  it("name one handler for each subscribed topic, and no other", () => {
    expect(Object.keys(HANDLERS).sort()).toEqual([...APP_TOPICS].sort());
    for (const topic of APP_TOPICS) expect(typeof HANDLERS[topic]).toBe("function");
  });
});
