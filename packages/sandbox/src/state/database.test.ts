// The database prepares each SQL text once, and the clock holds its offset in
// memory while writing every change through to the database.
import { describe, expect, it } from "vitest";
import { SandboxClock } from "../clock/sandbox-clock.ts";
import { SandboxDatabase } from "./database.ts";

describe("SandboxDatabase", () => {
  it("prepares a statement once per SQL text", () => {
    const db = new SandboxDatabase();
    try {
      const select = "SELECT value FROM sandbox_meta WHERE key = ?";
      expect(db.sql.prepare(select)).toBe(db.sql.prepare(select));
      db.setMeta("k", "1");
      db.setMeta("k", "2");
      expect(db.getMeta("k")).toBe("2");
    } finally {
      db.close();
    }
  });
});

describe("SandboxClock", () => {
  it("writes every advance through to the database, where a new clock finds it", () => {
    const db = new SandboxDatabase();
    try {
      let real = Date.parse("2026-09-01T00:00:00Z");
      const clock = new SandboxClock(db, { realNow: () => real });
      clock.start();
      clock.advance(90);
      expect(db.getMeta("clock_offset_ms")).toBe("90000");
      real += 1000;
      expect(clock.now().toISOString()).toBe("2026-09-01T00:01:31.000Z");
      const again = new SandboxClock(db, { realNow: () => real });
      again.start();
      expect(again.now().toISOString()).toBe("2026-09-01T00:01:31.000Z");
    } finally {
      db.close();
    }
  });
});
