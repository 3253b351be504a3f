import { types } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import * as schemas from "./index.ts";
import { lazy } from "./lazy-schema.ts";

/**
 * Counts the zod schemas built from now on. zod reads its locale once in the
 * constructor of every schema, so a counting getter on that setting sees each
 * construction without touching zod's classes; `restore` puts it back.
 */
function countSchemaConstructions(): {
  readonly count: () => number;
  readonly restore: () => void;
} {
  const config = z.config();
  let locale = config.localeError;
  let count = 0;
  Object.defineProperty(config, "localeError", {
    configurable: true,
    enumerable: true,
    get: () => {
      count++;
      return locale;
    },
    set: (value: typeof locale) => {
      locale = value;
    },
  });
  return {
    count: () => count,
    restore: () => {
      Object.defineProperty(config, "localeError", {
        configurable: true,
        enumerable: true,
        writable: true,
        value: locale,
      });
    },
  };
}

describe("importing the package and its schemas", () => {
  const counter = countSchemaConstructions();
  afterAll(() => counter.restore());

  it("builds no zod schema until one is used, then only what that one needs", async () => {
    await import("../index.ts");
    const schemas = await import("./index.ts");
    expect(counter.count()).toBe(0);

    expect(schemas.PackageIdSchema.safeParse(7).success).toBe(true);
    const afterOne = counter.count();
    // z.number().int().positive(): the number schema and one clone per check.
    expect(afterOne).toBeGreaterThan(0);
    expect(afterOne).toBeLessThan(10);

    expect(schemas.PackageIdSchema.safeParse(0).success).toBe(false);
    expect(counter.count()).toBe(afterOne);
  });
});

describe("lazy", () => {
  it("builds the value once, on first use", () => {
    let builds = 0;
    const schema = lazy(() => {
      builds++;
      return z.string().min(2);
    });
    expect(builds).toBe(0);
    expect(schema.safeParse("ab").success).toBe(true);
    expect(schema.safeParse("a").success).toBe(false);
    expect(schema.parse("abc")).toBe("abc");
    expect(builds).toBe(1);
  });

  it("stands in for the schema: instanceof, shape, extend, optional, errors", () => {
    const Inner = lazy(() => z.strictObject({ code: z.string().min(1) }));
    const Outer = lazy(() =>
      z.looseObject({ inner: Inner, list: z.array(Inner).nullish(), maybe: Inner.optional() }),
    );
    expect(Outer).toBeInstanceOf(z.ZodObject);
    expect(Outer).toBeInstanceOf(z.ZodType);
    expect(Object.keys(Outer.shape)).toEqual(["inner", "list", "maybe"]);
    expect(Outer.shape.inner.def).toBe(Inner.def);
    expect(Outer.def.type).toBe("object");

    const result = Outer.safeParse({ inner: { code: "" }, list: [{ code: "a", extra: 1 }] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.code])).toEqual([
      ["inner.code", "too_small"],
      ["list.0", "unrecognized_keys"],
    ]);

    const Extended = Outer.extend({ id: z.number() });
    expect(Extended.safeParse({ inner: { code: "a" } }).success).toBe(false);
    expect(Extended.parse({ inner: { code: "a" }, id: 1, more: true })).toEqual({
      inner: { code: "a" },
      id: 1,
      more: true,
    });
  });

  it("leaves no stand-in inside a built schema, so parsing never goes through one", () => {
    const Inner = lazy(() => z.strictObject({ code: z.string().min(1) }));
    const shape = lazy(() => ({ inner: Inner }));
    const Outer = lazy(() =>
      z.looseObject({ ...shape, list: z.array(Inner).nullish(), maybe: Inner.optional() }),
    );
    expect(types.isProxy(Outer)).toBe(true);
    expect(types.isProxy(Outer.shape.inner)).toBe(false);
    expect(types.isProxy(Outer.shape.maybe.unwrap())).toBe(false);
    expect(types.isProxy(Outer.shape.list.unwrap().unwrap().element)).toBe(false);
    expect(Outer.shape.list.unwrap().unwrap().element.def).toBe(Inner.def);
  });

  it("stands in for a shape: spread, keys and property reads", () => {
    let builds = 0;
    const shape = lazy(() => {
      builds++;
      return { a: z.string(), b: z.number().optional() };
    });
    expect(builds).toBe(0);
    const Schema = z.strictObject({ ...shape, c: z.boolean() });
    expect(builds).toBe(1);
    expect(Object.keys(Schema.shape)).toEqual(["a", "b", "c"]);
    expect("a" in shape).toBe(true);
    expect("z" in shape).toBe(false);
    expect(Object.getOwnPropertyDescriptor(shape, "a")?.enumerable).toBe(true);
    expect(Schema.safeParse({ a: "x", c: true }).success).toBe(true);
  });

  it("works inside discriminated unions", () => {
    const Sender = lazy(() => z.strictObject({ type: z.literal("sender"), name: z.string() }));
    const Receiver = lazy(() => z.strictObject({ type: z.literal("receiver"), point: z.string() }));
    const Entry = lazy(() => z.discriminatedUnion("type", [Sender, Receiver]));
    expect(Entry.parse({ type: "receiver", point: "KRA01" })).toEqual({
      type: "receiver",
      point: "KRA01",
    });
    expect(Entry.safeParse({ type: "other" }).error?.issues[0]?.code).toBe("invalid_union");
  });

  it("gives the same JSON Schema as the schema it stands for, shared parts included", () => {
    const buildRegion = () => z.enum(["europe", "asia"]);
    const Region = lazy(buildRegion);
    const build = (region: z.ZodEnum<{ europe: "europe"; asia: "asia" }>) =>
      z.looseObject({
        name: z.string().min(1),
        regions: z.array(region).min(1).optional(),
        home: region,
      });
    const Eager = build(buildRegion());
    const Lazy = lazy(() => build(Region));
    for (const reused of ["inline", "ref"] as const) {
      expect(z.toJSONSchema(Lazy, { reused })).toEqual(z.toJSONSchema(Eager, { reused }));
    }
    // A stand-in for a wrapper (pipe, optional...) at the top.
    const buildToken = () => z.string().transform((): "Bearer" => "Bearer");
    const Token = lazy(buildToken);
    expect(z.toJSONSchema(Token, { io: "input" })).toEqual(
      z.toJSONSchema(buildToken(), { io: "input" }),
    );
    expect(Token.optional().toJSONSchema({ io: "input" })).toEqual(
      buildToken().optional().toJSONSchema({ io: "input" }),
    );
  });

  it("keeps metadata set when the schema is built", () => {
    const Described = lazy(() => z.string().describe("A carrier name"));
    expect(Described.description).toBe("A carrier name");
  });
});

/** The schemas a schema holds: fields, inner types, elements, options, pipes. */
function children(schema: z.ZodType): unknown[] {
  const def = schema.def as unknown as Record<string, unknown>;
  const found: unknown[] = [];
  for (const key of ["innerType", "element", "in", "out", "catchall", "keyType", "valueType"]) {
    if (def[key] !== undefined) found.push(def[key]);
  }
  for (const key of ["options", "items"]) {
    if (Array.isArray(def[key])) found.push(...(def[key] as unknown[]));
  }
  if (typeof def["shape"] === "object" && def["shape"] !== null) {
    found.push(...Object.values(def["shape"] as object));
  }
  return found;
}

describe("the package's schemas", () => {
  it("hold no stand-in at any depth once built", () => {
    const standIns: string[] = [];
    const seen = new Set<unknown>();
    const walk = (schema: unknown, path: string): void => {
      if (!(schema instanceof z.ZodType) || seen.has(schema)) return;
      seen.add(schema);
      if (path.includes(".") && types.isProxy(schema)) standIns.push(path);
      for (const [i, child] of children(schema).entries()) walk(child, `${path}.${i}`);
    };
    let walked = 0;
    for (const [name, value] of Object.entries(schemas)) {
      if (value instanceof z.ZodType) {
        walked++;
        walk(value, name);
      }
    }
    expect(walked).toBeGreaterThan(100);
    expect(standIns).toEqual([]);
  });
});
