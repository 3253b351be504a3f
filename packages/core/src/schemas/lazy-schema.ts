// Module-level zod schemas (and the shapes they share) built on first use
// rather than at import: building the package's ~1,700 schema objects was
// nearly all of its cold-import time, and most programs touch a few of them.
// `lazy(factory)` returns a stand-in that builds the value once, on the first
// property read (parse, shape, extend, instanceof, spread...), and from then
// on forwards everything to it.
//
// Caveat: the stand-in and the built schema are different objects. Features
// keyed by identity see the one they were given: a registry entry added for
// the built schema (through `.meta()`, `.describe()` or `.register()`, which
// register the schema they return) is found through either, but a
// `WeakMap`/`Map` keyed by a stand-in is not found by the built schema.
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
