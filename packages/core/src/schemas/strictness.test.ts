// The direction rule of the domain model, checked over every exported schema:
// what we send is strict at every depth (an unknown key is an error), and what
// we receive is tolerant at every depth (unknown keys pass through), so that a
// new field from the service never breaks a store.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as schemas from "./index.ts";

/** The schemas of what a client sends. Every other exported object schema is an answer. */
const REQUEST_SCHEMAS = new Set([
  "AddressSchema",
  "PickupSchema",
  "ReceiverSchema",
  "ParcelV1Schema",
  "ParcelV2Schema",
  "PackageV1Schema",
  "PackageV2Schema",
  "AdditionalServicesSchema",
  "CodSchema",
  "DeliveryTimeRangeSchema",
  "DutySchema",
  "CalculatePricePackageV1Schema",
  "CalculatePricePackageV2Schema",
  "CalculatePriceRequestV1Schema",
  "CalculatePriceRequestV2Schema",
  "ServicesFilterSchema",
  "OrderCommandRequestSchema",
  "CancelCommandRequestSchema",
  "LabelOptionsSchema",
  "PackageRefSchema",
  "AddressAutocompleteRequestSchema",
  "UserDataEditRequestSchema",
  "CitiesRequestSchema",
  "StreetsRequestSchema",
  "PaymentCreateRequestSchema",
  "PointsMapRequestSchema",
  "PointsLocationSchema",
  "PointsFiltersSchema",
  "MapBoundsSchema",
  "CoordinatesSchema",
  "AddToTrackingRequestSchema",
  "PackageListQuerySchema",
  "TrackingWebhookRequestSchema",
  "PickupDateProposalsRequestSchema",
  "PickupCommandRequestSchema",
  "PickupWindowSchema",
  "DocumentsCommandRequestSchema",
  "AddressBookEntryRequestSchema",
  "AddressBookQuerySchema",
  "TemplateV1RequestSchema",
  "TemplateV2RequestSchema",
  "MessagesQuerySchema",
  "LabelQuerySchema",
]);

type Mode = "strict" | "loose" | "strip";

interface Def {
  readonly type: string;
  readonly shape?: Record<string, z.ZodType>;
  readonly catchall?: z.ZodType;
  readonly innerType?: z.ZodType;
  readonly element?: z.ZodType;
  readonly options?: readonly z.ZodType[];
  readonly in?: z.ZodType;
  readonly out?: z.ZodType;
  readonly valueType?: z.ZodType;
}

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

function modeOf(def: Def): Mode {
  const catchall = def.catchall === undefined ? undefined : defOf(def.catchall).type;
  if (catchall === "never") return "strict";
  if (catchall === "unknown" || catchall === "any") return "loose";
  return "strip";
}

/** Every object schema reachable from `schema`, with its path. */
function objectsOf(schema: z.ZodType, path = "", seen = new Set<z.ZodType>()): [string, Mode][] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const found: [string, Mode][] = [];
  if (def.type === "object") {
    found.push([path === "" ? "(top)" : path, modeOf(def)]);
    for (const [key, child] of Object.entries(def.shape ?? {})) {
      found.push(...objectsOf(child, path === "" ? key : `${path}.${key}`, seen));
    }
  }
  for (const child of [def.innerType, def.element, def.in, def.out, def.valueType]) {
    if (child !== undefined) found.push(...objectsOf(child, path, seen));
  }
  for (const option of def.options ?? []) found.push(...objectsOf(option, path, seen));
  return found;
}

function isSchema(value: unknown): value is z.ZodType {
  return typeof value === "object" && value !== null && "_zod" in value;
}

const exported: [string, z.ZodType][] = Object.entries(schemas as Record<string, unknown>).flatMap(
  ([name, value]): [string, z.ZodType][] =>
    name.endsWith("Schema") && isSchema(value) ? [[name, value]] : [],
);

describe("the direction rule of the domain model", () => {
  it("knows every request schema by its exported name", () => {
    const names = new Set(exported.map(([name]) => name));
    for (const name of REQUEST_SCHEMAS) expect(names.has(name), name).toBe(true);
  });

  it("walks into nested objects, lists, optionals and unions", () => {
    const paths = objectsOf(schemas.PackageV2Schema).map(([path]) => path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "(top)",
        "pickup",
        "receiver",
        "parcels",
        "additional_services",
        "additional_services.cod",
        "additional_services.delivery_on_time",
        "duty",
      ]),
    );
    const mixed = z.strictObject({
      inner: z.array(z.union([z.string(), z.object({ a: z.string() })])).optional(),
    });
    expect(objectsOf(mixed)).toEqual([
      ["(top)", "strict"],
      ["inner", "strip"],
    ]);
  });

  it.each(exported.filter(([name]) => REQUEST_SCHEMAS.has(name)))(
    "%s is strict at every depth",
    (_name, schema) => {
      const objects = objectsOf(schema);
      expect(objects.length).toBeGreaterThan(0);
      expect(objects.filter(([, mode]) => mode !== "strict")).toEqual([]);
    },
  );

  it.each(exported.filter(([name]) => !REQUEST_SCHEMAS.has(name)))(
    "%s is tolerant at every depth",
    (_name, schema) => {
      expect(objectsOf(schema).filter(([, mode]) => mode !== "loose")).toEqual([]);
    },
  );
});
