// Tests of the package-path to source-path rewriting.
import { describe, expect, it } from "vitest";
import { covers, SourcePaths } from "./source-paths.ts";

describe("covers", () => {
  it("covers the path itself and what lies under it, not a longer key", () => {
    expect(covers("receiver", "receiver")).toBe(true);
    expect(covers("receiver", "receiver.phone")).toBe(true);
    expect(covers("parcels", "parcels[0].width")).toBe(true);
    expect(covers("receiver", "receivers")).toBe(false);
    expect(covers("", "anything")).toBe(true);
  });
});

describe("SourcePaths", () => {
  const sources = new SourcePaths();
  sources.set("receiver", "order.shipping_address");
  sources.set("receiver.phone", "order.customer.phone");
  sources.set("parcels[0]", "options.parcel");
  sources.set("parcels[0].weight", "order.items");

  it("rewrites by the longest recorded prefix", () => {
    expect(sources.sourceOf("receiver.phone")).toBe("order.customer.phone");
    expect(sources.sourceOf("receiver.city")).toBe("order.shipping_address.city");
    expect(sources.sourceOf("parcels[0].width")).toBe("options.parcel.width");
    expect(sources.sourceOf("parcels[0].weight")).toBe("order.items");
  });

  it("keeps an unrecorded path under package.", () => {
    expect(sources.sourceOf("duty.content")).toBe("package.duty.content");
    expect(sources.sourceOf("")).toBe("package");
  });

  it("lets a later record replace an earlier one", () => {
    const again = new SourcePaths();
    again.set("pickup", "options.sender");
    again.set("pickup", "options.pickup");
    expect(again.sourceOf("pickup.phone")).toBe("options.pickup.phone");
  });
});
