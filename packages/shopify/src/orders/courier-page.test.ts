// The courier page says which parcels need no courier (handed in at a point
// or locker, as the service answers), in the shop's language, beside the
// slots of the carriers that do; and offers only slots with a window.
import { describe, expect, it } from "vitest";
import type { BatchCourier } from "../day/batch-courier.ts";
import { courierPage } from "./courier-page.ts";

const COURIER: BatchCourier = {
  carriers: [
    {
      service: "dpd",
      packageIds: [11, 12],
      booked: [],
      open: [11, 12],
      dates: [
        { date: "2026-11-27", min_time: "10:00", max_time: "16:00" },
        { date: "2026-11-30", min_time: null, max_time: null },
      ],
    },
  ],
  noPickupNeeded: [
    {
      packageId: 13,
      service: "inpost",
      rule: "pickup_not_needed",
      reason: "The sender hands this package in at point KRA010.",
    },
  ],
  unavailable: [],
  pickups: [],
};

async function render(language: "pl_PL" | "en_GB") {
  return String(
    await courierPage({
      auth: { shop: "a.myshopify.com", idToken: undefined },
      language,
      batchId: "00000000-0000-4000-8000-000000000001",
      courier: COURIER,
    }),
  );
}

describe("the courier page", () => {
  it("lists the parcels that need no courier, and the slots of those that do", async () => {
    const page = await render("en_GB");
    expect(page).toContain("You drop these parcels at a point or locker; no courier is needed:");
    expect(page).toContain(
      "<li>13 (inpost): The sender hands this package in at point KRA010.</li>",
    );
    expect(page).toContain('value="2026-11-27|10:00|16:00" checked');
    expect(page).not.toContain("2026-11-30|");
    expect(page).toContain("dpd: 2 parcels");
  });

  it("speaks Polish when the shop does", async () => {
    const page = await render("pl_PL");
    expect(page).toContain('<html lang="pl">');
    expect(page).toContain(
      "Te paczki nadajesz w punkcie lub paczkomacie; kurier nie jest potrzebny:",
    );
    expect(page).toContain("Zamów kuriera");
  });
});
