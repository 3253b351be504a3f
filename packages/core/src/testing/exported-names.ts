// The names an entry point exports, as a consumer's compiler sees them: values
// and types alike, so that an export lock catches a type that appears or goes.
import { fileURLToPath } from "node:url";
import ts from "typescript";

/** Every name `entry` (a file URL or path) exports, sorted. */
export function exportedNames(entry: string | URL): string[] {
  const file = entry instanceof URL ? fileURLToPath(entry) : entry;
  const program = ts.createProgram([file], {
    allowImportingTsExtensions: true,
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ESNext,
    strict: true,
    skipLibCheck: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  const module = source === undefined ? undefined : checker.getSymbolAtLocation(source);
  if (module === undefined) throw new Error(`cannot read the exports of ${file}`);
  return checker
    .getExportsOfModule(module)
    .map((symbol) => symbol.name)
    .sort();
}

/** The names of `entry` that exist only as types: all exported names minus the runtime ones. */
export function typeOnlyNames(all: readonly string[], runtime: object): string[] {
  const values = new Set(Object.keys(runtime));
  return all.filter((name) => !values.has(name));
}
