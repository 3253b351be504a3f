// The names of problems' paths: the contract's examples, every path of the
// package, the store order and the options toPackage reports named in both
// languages, the problems real validation reports named, and the readable
// fall-back for any other path.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { SENDER, sampleOrder } from "../fixtures/index.ts";
import { StoreOrderSchema } from "../mapping/store-order.ts";
import { safeToPackage } from "../mapping/to-package.ts";
import { PackageV1Schema, PackageV2Schema } from "../schemas/package.ts";
import { validatePackage } from "../validation/index.ts";
import { fieldName, namedField } from "./field-names.ts";

/** Every path of a schema (arrays at index 0), as its JSON Schema lays it out. */
function schemaPaths(schema: z.ZodType, root: string): string[] {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonNode;
  const found: string[] = [];
  const walk = (node: JsonNode | undefined, path: string): void => {
    if (node === undefined || typeof node !== "object") return;
    for (const branch of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]) {
      walk(branch, path);
    }
    for (const [key, child] of Object.entries(node.properties ?? {})) {
      const next = path === "" ? key : `${path}.${key}`;
      found.push(next);
      walk(child, next);
    }
    if (node.items !== undefined && !Array.isArray(node.items)) {
      found.push(`${path}[0]`);
      walk(node.items, `${path}[0]`);
    }
  };
  walk(json, root);
  return [...new Set(found)];
}

interface JsonNode {
  properties?: Record<string, JsonNode>;
  items?: JsonNode | JsonNode[];
  anyOf?: JsonNode[];
  oneOf?: JsonNode[];
  allOf?: JsonNode[];
}

/** The option paths toPackage names as the source of a package field. */
const OPTION_PATHS = [
  "options.sender",
  "options.sender.phone",
  "options.sender.postcode",
  "options.sender.street",
  "options.sender.company",
  "options.pickup",
  "options.pickup.city",
  "options.pickup.phone",
  "options.pickup.point",
  "options.parcel",
  "options.parcel.width",
  "options.parcel.depth",
  "options.parcel.height",
  "options.parcel.weight",
  "options.parcels",
  "options.parcels.boxes",
  "options.parcels.boxes[0]",
  "options.parcels.split",
  "options.parcels.limits",
  "options.parcels.cod",
  "options.parcels.strategy",
  "options.cod",
  "options.cod.iban",
  "options.additionalServices",
  "options.additionalServices.cod.iban",
  "options.additionalServices.saturday_delivery",
  "options.postalService",
  "options.description",
];

describe("fieldName", () => {
  it("names the receiver's phone alike in the package and in the store order", () => {
    for (const path of [
      "receiver.phone",
      "order.shipping_address.phone",
      "package.receiver.phone",
    ]) {
      expect(fieldName(path, "pl_PL")).toBe("Telefon odbiorcy");
      expect(fieldName(path, "pl")).toBe("Telefon odbiorcy");
      expect(fieldName(path, "en_GB")).toBe("Receiver's phone");
      expect(fieldName(path, "en")).toBe("Receiver's phone");
    }
  });

  it("counts parcels and items from one, in either way of writing an index", () => {
    expect(fieldName("parcels[0].weight", "pl_PL")).toBe("Paczka 1: waga");
    expect(fieldName("parcels.1.depth", "en_GB")).toBe("Parcel 2: length");
    expect(fieldName("parcels[2]", "pl")).toBe("Paczka 3");
    expect(fieldName("order.items[1].weight.unit", "en")).toBe("Item 2: unit of weight");
    expect(fieldName("order.items[0].quantity", "pl")).toBe("Produkt 1: ilość");
  });

  it("names the fields merchants meet most", () => {
    expect(fieldName("order.shipping_address.street", "pl")).toBe("Ulica odbiorcy");
    expect(fieldName("order.shipping_address.postcode", "en")).toBe("Receiver's postcode");
    expect(fieldName("sender.phone", "pl")).toBe("Telefon nadawcy");
    expect(fieldName("receiver.point", "pl")).toBe("Punkt odbioru");
    expect(fieldName("order.pickup_point.code", "en")).toBe("Pickup point");
    expect(fieldName("additional_services.cod.iban", "pl")).toBe("Pobranie: numer konta (IBAN)");
    expect(fieldName("options.cod.iban", "en")).toBe("Cash on delivery: account number (IBAN)");
    expect(fieldName("order.customer.email", "pl")).toBe("E-mail klienta");
    expect(fieldName("service", "pl")).toBe("Przewoźnik");
    expect(fieldName("order", "pl")).toBe("Zamówienie");
  });

  it.each([
    ["the package (v1)", schemaPaths(PackageV1Schema, "")],
    ["the package (v2)", schemaPaths(PackageV2Schema, "")],
    ["the store order", ["order", ...schemaPaths(StoreOrderSchema, "order")]],
    ["toPackage's options", OPTION_PATHS],
  ])("names every path of %s in both languages", (_what, paths) => {
    expect(paths.length).toBeGreaterThan(5);
    const unnamed = paths.filter(
      (path) => namedField(path, "en_GB") === undefined || namedField(path, "pl_PL") === undefined,
    );
    expect(unnamed).toEqual([]);
  });

  it("names every problem real validation and mapping report", () => {
    const mapped = safeToPackage(
      sampleOrder({
        shipping_address: {
          first_name: "Anna",
          street: "Długa",
          postcode: "8o831",
          city: "Gdańsk",
          country_code: "PL",
          phone: "12",
        },
        items: [{ name: "Mug", quantity: 0, weight: { value: -1, unit: "g" }, price: 10 }],
        shipping: { service: "inpost" },
        pickup_point: { code: "", carrier: "inpost" },
      }),
      { sender: { ...SENDER, phone: "1" } },
    );
    expect(mapped.success).toBe(false);
    // A well-formed order that breaks the rules: its problems come from the rules, mapped to the order.
    const ruled = safeToPackage(
      sampleOrder({
        shipping_address: {
          first_name: "Anna",
          street: "Długa",
          postcode: "80831x",
          city: "Gdańsk",
          country_code: "PL",
          phone: "12",
        },
      }),
      { sender: { ...SENDER, phone: "1" }, cod: { iban: "PL00" } },
    );
    expect(ruled.success).toBe(false);
    const validated = validatePackage(
      {
        pickup: { ...SENDER, phone: "x" },
        receiver: {
          name: "A",
          street: "",
          postcode: "1",
          city: "",
          country_code: "XX",
          phone: "1",
        },
        parcels: [{ width: -1, depth: 0, height: 1, weight: 0, type: "box" }],
        additional_services: { cod: { amount: -2, iban: "PL00" } },
      },
      { version: 2 },
    );
    expect(validated.ok).toBe(false);
    const issues = [
      ...(mapped.success ? [] : mapped.error.issues),
      ...(ruled.success ? [] : ruled.error.issues),
      ...(validated.ok ? [] : validated.error.issues),
    ];
    expect(issues.length).toBeGreaterThan(8);
    const unnamed = issues
      .map((issue) => issue.path)
      .filter((path) => namedField(path, "pl_PL") === undefined);
    expect(unnamed).toEqual([]);
  });

  it("gives any other path a readable form, keeping the name of its named start", () => {
    expect(fieldName("receiver.phone.extension", "en")).toBe("Receiver's phone › extension");
    expect(fieldName("options.parcels.limits.max_weight", "pl")).toBe("Limity paczek › max weight");
    expect(fieldName("options.clockSkew", "en")).toBe("Settings › clock skew");
    expect(fieldName("shop_settings.label_format", "en")).toBe("Shop settings › label format");
    expect(fieldName("lines[3].sku_code", "pl")).toBe("Lines 4 › sku code");
  });
});
