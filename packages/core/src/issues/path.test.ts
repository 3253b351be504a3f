// Tests of field paths as merchants read them.
import { describe, expect, it } from "vitest";
import { formatPath, joinPath } from "./path.ts";

describe("field paths", () => {
  it("joins keys with dots and indexes with brackets", () => {
    expect(joinPath("", "receiver")).toBe("receiver");
    expect(joinPath("receiver", "phone")).toBe("receiver.phone");
    expect(joinPath("parcels", 0)).toBe("parcels[0]");
    expect(formatPath(["parcels", 2, "weight"])).toBe("parcels[2].weight");
    expect(formatPath([])).toBe("");
  });

  it("shortens hostile keys", () => {
    expect(joinPath("", "k".repeat(1000)).length).toBeLessThanOrEqual(65);
  });

  it("names symbol keys by their description", () => {
    expect(formatPath([Symbol("s")])).toBe("s");
  });
});
