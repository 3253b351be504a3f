// Module-level zod schemas (and the shapes they share) built on first use
// rather than at import: building the package's ~1,500 schema objects was
// nearly all of its cold-import time, and most programs touch a few of them.
// `lazy(factory)` returns a stand-in that builds the value once, on the first
// property read (parse, shape, extend, instanceof, spread...), and from then
// on forwards everything to it.
//
// Caveat: the stand-in and the built schema are two objects, and a built
// schema holds the built values of others, not their stand-ins (so that
// parsing never pays for the indirection): `PackageV2Schema.shape.receiver`
// is not `=== ReceiverSchema`, though it has the same `def`. Parsing,
// `.shape`, `.extend()`, instanceof, metadata set inside the factory and
// z.toJSONSchema (the same output for every exported schema) behave as
// without the stand-in; `z.globalRegistry.get()` of a stand-in misses
// metadata registered for the built schema.

/** Each stand-in made by `lazy`, with the function that builds (once) what it stands for. */
const builders = new WeakMap<object, () => object>();

/** Values whose stand-ins have been replaced already. */
const settled = new WeakSet<object>();

/**
 * `factory()`'s value, built on first use. Give it a factory of an object
 * (a zod schema or a shape): primitives and functions cannot be stood in for.
 */
/* @__NO_SIDE_EFFECTS__ */
export function lazy<T extends object>(factory: () => T): T {
  let value: T | undefined;
  const real = (): T => {
    if (value === undefined) {
      value = factory();
      settle(value);
    }
    return value;
  };
  let view: object | undefined;
  // A schema's internals, as read through the stand-in: the built schema's,
  // except that JSON Schema generation, which records the schema it was
  // given (the stand-in) and then looks up the one its processor knows (the
  // built schema), finds the same record under both.
  const internals = (): unknown => {
    const built = Reflect.get(real(), "_zod") as JsonSchemaInternals | undefined;
    if (typeof built?.processJSONSchema !== "function") return built;
    view ??= Object.create(built, {
      processJSONSchema: {
        value: (context: JsonSchemaContext, json: unknown, params: unknown) => {
          const record = context.seen?.get(standIn);
          if (record !== undefined && !context.seen.has(value as object)) {
            context.seen.set(value as object, record);
          }
          built.processJSONSchema?.(context, json, params);
        },
      },
    }) as object;
    return view;
  };
  const handler: ProxyHandler<T> = {
    // The built value is the receiver, so getters and lazily cached
    // properties (zod's `shape`, `~standard`) land on it, not on the stand-in.
    get: (_target, key) => (key === "_zod" ? internals() : Reflect.get(real(), key)),
    set: (_target, key, newValue) => Reflect.set(real(), key, newValue),
    has: (_target, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      // A proxy may not report a property as non-configurable unless its own
      // (empty) target has it so; the built value keeps its real descriptor.
      return descriptor === undefined ? undefined : { ...descriptor, configurable: true };
    },
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(real(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  };
  const standIn = new Proxy({} as T, handler);
  builders.set(standIn, real);
  return standIn;
}

/**
 * Replaces the stand-ins that a freshly built schema or shape holds (a
 * field's schema, an optional's inner type, an array's element...) by the
 * values they stand for. A stand-in costs a trap call on every read, and
 * parsing reads each field's schema, so parsing a package went ~20% slower
 * with them left in place.
 */
function settle(value: object): void {
  if (settled.has(value)) return;
  settled.add(value);
  const def = (value as { _zod?: { def?: object } })._zod?.def;
  if (def === undefined) {
    settleFields(value);
    return;
  }
  settleFields(def);
  // A check's clone remembers the schema it was cloned from, which JSON
  // Schema generation and registries follow.
  const internals = (value as { _zod: { parent?: unknown } })._zod;
  if (isObject(internals.parent)) {
    const build = builders.get(internals.parent);
    if (build === undefined) settle(internals.parent);
    else internals.parent = build();
  }
  // Some schemas copy a def entry onto themselves (an array's `element`).
  const record = value as Record<PropertyKey, unknown>;
  for (const key of Reflect.ownKeys(value)) {
    const child = Reflect.getOwnPropertyDescriptor(value, key);
    const build = child?.writable && isObject(child.value) ? builders.get(child.value) : undefined;
    if (build !== undefined) record[key] = build();
  }
}

function isObject(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}

function settleFields(fields: object): void {
  const record = fields as Record<PropertyKey, unknown>;
  for (const key of Reflect.ownKeys(fields)) {
    const descriptor = Reflect.getOwnPropertyDescriptor(fields, key);
    // Accessors are left alone, except a shape's: zod defers the entries of
    // a derived shape (partial, extend) behind getters that cache their
    // value on first read, as the first parse would read them.
    if (descriptor === undefined || (!("value" in descriptor) && !isShape(fields))) continue;
    const child = record[key];
    if (!isObject(child)) continue;
    const build = builders.get(child);
    if (build === undefined) {
      if (Array.isArray(child) || isShape(child) || "_zod" in child) settle(child);
      continue;
    }
    const current = Reflect.getOwnPropertyDescriptor(fields, key);
    if (current !== undefined && "value" in current && current.writable) record[key] = build();
  }
}

interface JsonSchemaContext {
  readonly seen: Map<object, unknown>;
}

interface JsonSchemaInternals {
  processJSONSchema?: (context: JsonSchemaContext, json: unknown, params: unknown) => void;
}

/** A plain object: a shape, or another def entry that may hold schemas. */
function isShape(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
