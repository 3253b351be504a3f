// A command's status by the clock: queueing, running, then its final status.
import { describe, expect, it } from "vitest";
import { commandStatus, finalStatus } from "./command-timeline.ts";

describe("commandStatus", () => {
  it("queues for 2 s, runs until 5 s, then is final", () => {
    expect(commandStatus(0, 0, 1, 1)).toBe("queueing");
    expect(commandStatus(0, 1999, 1, 1)).toBe("queueing");
    expect(commandStatus(0, 2000, 1, 1)).toBe("running");
    expect(commandStatus(0, 4999, 1, 1)).toBe("running");
    expect(commandStatus(0, 5000, 1, 1)).toBe("successful");
  });

  it("is successful, partial_success or error by the packages' outcomes", () => {
    expect(finalStatus(2, 2)).toBe("successful");
    expect(finalStatus(1, 2)).toBe("partial_success");
    expect(finalStatus(0, 2)).toBe("error");
  });
});
