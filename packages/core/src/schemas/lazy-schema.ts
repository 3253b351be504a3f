// Module-level zod schemas (and the shapes they share) built on first use
// rather than at import: building the package's ~1,500 schema objects was
// nearly all of its cold-import time, and most programs touch a few of them.
// `lazy(factory)` returns a stand-in that builds the value once, on the first
// property read (parse, shape, extend, instanceof, spread...), and from then
// on forwards everything to it.
//
// Caveat: the stand-in and the built schema are two objects, so what zod
// keys by identity sees two schemas. Parsing, `.shape`, `.extend()`,
// instanceof, metadata set inside the factory and z.toJSONSchema behave as
// without the stand-in; but `z.globalRegistry.get(standIn)` misses metadata
// registered for the built schema, and toJSONSchema's `reused: "ref"` may
// inline once a schema that is reached both through its stand-in and
// directly.

/**
 * `factory()`'s value, built on first use. Give it a factory of an object
 * (a zod schema or a shape): primitives and functions cannot be stood in for.
 */
/* @__NO_SIDE_EFFECTS__ */
export function lazy<T extends object>(factory: () => T): T {
  let value: T | undefined;
  const real = (): T => {
    if (value === undefined) value = factory();
    return value;
  };
  const handler: ProxyHandler<T> = {
    // The built value is the receiver, so getters and lazily cached
    // properties (zod's `shape`, `~standard`) land on it, not on the stand-in.
    get: (_target, key) => Reflect.get(real(), key),
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
  return new Proxy({} as T, handler);
}
