// The names people read in the API's answers: problems by field, carriers by
// name, label files by the order number.
import { describe, expect, it } from "vitest";
import { type DemoOrder, forPeople } from "./orders.ts";
import { carrierName, fileNamePart, nameIssue } from "./people-names.ts";

const order: DemoOrder = {
  store: "shopify",
  id: "gid://shopify/Order/5512",
  name: "#1001",
  createdAt: "2026-11-26T10:00:00Z",
  customer: "Zofia Kowalczyk",
  status: "needs_attention",
  service: "inpost",
  point: null,
  packageId: null,
  trackingNumber: null,
  trackingUrl: null,
  trackingState: null,
  labelUrl: "/api/labels/shopify/gid%3A%2F%2Fshopify%2FOrder%2F5512",
  problems: [{ path: "order.shipping_address.phone", rule: "phone_invalid", message: "Zły numer" }],
  price: null,
};

describe("names for people", () => {
  it("names a problem's field in the language asked, keeping its path and rule", () => {
    expect(nameIssue(order.problems[0]!, "pl")).toEqual({
      ...order.problems[0],
      field: "Telefon odbiorcy",
    });
    expect(nameIssue({ path: "parcels[0].weight", rule: "r", message: "m" }, "en").field).toBe(
      "Parcel 1: weight",
    );
  });

  it("names carriers, never by their codes", () => {
    expect(carrierName("inpost", "pl")).toBe("InPost");
    expect(carrierName("poczta", "en")).toBe("Poczta Polska");
    expect(carrierName(null, "en")).toBeNull();
  });

  it("makes an order number a file name's part", () => {
    expect(fileNamePart("#1001")).toBe("1001");
    expect(fileNamePart("#12 / a")).toBe("12-a");
    expect(fileNamePart("../..")).toBe("order");
  });

  it("gives the dashboard's order its carrier and field names, its label link as it was", () => {
    const named = forPeople(order, "pl");
    expect(named.serviceName).toBe("InPost");
    expect(named.problems[0]).toMatchObject({ field: "Telefon odbiorcy" });
    // The label's file name comes from the order the server looks up, never from the link.
    expect(named.labelUrl).toBe(order.labelUrl);
    expect(forPeople({ ...order, labelUrl: null }, "en").labelUrl).toBeNull();
  });
});
