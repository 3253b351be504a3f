// The real Shopify Admin GraphQL schema, with the access scopes of its types
// and fields, from the files that `@shopify/dev-mcp` ships
// (`dist/data/admin_<version>.json.gz`). Loaded with graphql 16's
// buildClientSchema, once per version and process.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from "graphql";

export interface AdminSchema {
  readonly version: string;
  readonly schema: GraphQLSchema;
  /**
   * Access scopes per `Type` and `Type.field`: each inner list is a set of
   * alternatives, any one of which grants access.
   */
  readonly scopes: ReadonlyMap<string, readonly string[]>;
}

interface ScopeItem {
  readonly type: "type" | "field";
  readonly typeName: string;
  readonly fieldName?: string;
  readonly requiredAccess: string;
  readonly offlineScopes: readonly string[];
}

interface SchemaFile {
  readonly data: IntrospectionQuery;
  readonly offline_scopes: { readonly items: readonly ScopeItem[] };
}

/** The Admin API version the app speaks; its schema is what the fake enforces. */
export const ADMIN_API_VERSION = "2026-10";

const loaded = new Map<string, AdminSchema>();

/**
 * The scopes an item names: its `offlineScopes`, plus those its prose names
 * in backticks ("Any of `orders` or `shipping` access scopes" grants read_orders
 * or read_shipping), which the list sometimes leaves out.
 */
function alternatives(item: ScopeItem): string[] {
  const named = [...item.requiredAccess.matchAll(/`([a-z_]+)`(?= access scope| or `|,)/g)].map(
    ([, name]) => (/^(read|write|unauthenticated)_/.test(name ?? "") ? name : `read_${name}`),
  );
  return [...new Set([...item.offlineScopes, ...named.filter((name) => name !== undefined)])];
}

function schemaFile(version: string): URL {
  // dev-mcp's entry point is dist/index.js; the schema files sit beside it.
  return new URL(`./data/admin_${version}.json.gz`, import.meta.resolve("@shopify/dev-mcp"));
}

/** Loads (once) the Admin schema of `version` from `@shopify/dev-mcp`. */
export function loadAdminSchema(version: string = ADMIN_API_VERSION): AdminSchema {
  const cached = loaded.get(version);
  if (cached) return cached;
  const file = JSON.parse(
    gunzipSync(readFileSync(fileURLToPath(schemaFile(version)))).toString("utf8"),
  ) as SchemaFile;
  const scopes = new Map<string, string[]>();
  for (const item of file.offline_scopes.items) {
    const list = alternatives(item);
    if (list.length === 0) continue;
    scopes.set(item.type === "type" ? item.typeName : `${item.typeName}.${item.fieldName}`, list);
  }
  const result = { version, schema: buildClientSchema(file.data), scopes };
  loaded.set(version, result);
  return result;
}
