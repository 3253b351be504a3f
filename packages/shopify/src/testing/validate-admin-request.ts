// What the real Admin API refuses before it runs anything: a document that
// does not validate against the schema (an unknown field, a wrong argument),
// variables that do not fit their declared types, and a field or type the
// app's access scopes do not reach, and a query whose requested cost is above
// Shopify's limit (see query-cost.ts). Returns the errors in GraphQL's shape.
import {
  type DocumentNode,
  GraphQLError,
  getNamedType,
  getVariableValues,
  type OperationDefinitionNode,
  parse,
  TypeInfo,
  validate,
  visit,
  visitWithTypeInfo,
} from "graphql";
import type { AdminSchema } from "./admin-schema.ts";
import { MAX_QUERY_COST, requestedQueryCost } from "./query-cost.ts";

export interface AdminRequest {
  readonly query: string;
  readonly variables?: Record<string, unknown> | undefined;
  readonly operationName?: string | undefined;
}

export type AdminRequestCheck =
  | {
      readonly ok: true;
      readonly document: DocumentNode;
      readonly operation: OperationDefinitionNode;
      readonly variables: Record<string, unknown>;
    }
  | { readonly ok: false; readonly errors: readonly GraphQLError[] };

/** Whether `granted` reaches one of `alternatives`; a write scope includes its read scope. */
function reaches(granted: ReadonlySet<string>, alternatives: readonly string[]): boolean {
  return alternatives.some(
    (scope) =>
      granted.has(scope) || (scope.startsWith("read_") && granted.has(`write_${scope.slice(5)}`)),
  );
}

function selectOperation(
  document: DocumentNode,
  name: string | undefined,
): OperationDefinitionNode | GraphQLError {
  const operations = document.definitions.filter(
    (definition): definition is OperationDefinitionNode =>
      definition.kind === "OperationDefinition",
  );
  const chosen =
    name === undefined
      ? operations.length === 1
        ? operations[0]
        : undefined
      : operations.find((operation) => operation.name?.value === name);
  return chosen ?? new GraphQLError("Could not determine which operation to run");
}

/**
 * Checks one request against the schema and the granted scopes, as Shopify
 * does before running it.
 */
export function checkAdminRequest(
  admin: AdminSchema,
  request: AdminRequest,
  grantedScopes: Iterable<string>,
): AdminRequestCheck {
  let document: DocumentNode;
  try {
    document = parse(request.query);
  } catch (error) {
    return { ok: false, errors: [error as GraphQLError] };
  }
  const invalid = validate(admin.schema, document);
  if (invalid.length > 0) return { ok: false, errors: invalid };
  const operation = selectOperation(document, request.operationName);
  if (operation instanceof GraphQLError) return { ok: false, errors: [operation] };
  const coerced = getVariableValues(
    admin.schema,
    operation.variableDefinitions ?? [],
    request.variables ?? {},
  );
  if (coerced.errors) return { ok: false, errors: coerced.errors };

  const granted = new Set(grantedScopes);
  const denied: GraphQLError[] = [];
  const typeInfo = new TypeInfo(admin.schema);
  visit(
    operation,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const parent = typeInfo.getParentType();
        const field = typeInfo.getFieldDef();
        if (!parent || !field) return;
        const returned = getNamedType(field.type).name;
        for (const key of [`${parent.name}.${field.name}`, returned]) {
          const alternatives = admin.scopes.get(key);
          if (alternatives && !reaches(granted, alternatives)) {
            denied.push(
              new GraphQLError(
                `Access denied for ${field.name} field. Required access: one of ${alternatives.join(", ")}.`,
                {
                  nodes: [node],
                  extensions: { code: "ACCESS_DENIED", requiredAccess: alternatives },
                },
              ),
            );
            return;
          }
        }
      },
    }),
  );
  if (denied.length > 0) return { ok: false, errors: denied };
  const cost = requestedQueryCost(admin.schema, document, operation, coerced.coerced);
  if (cost > MAX_QUERY_COST) {
    return {
      ok: false,
      errors: [
        new GraphQLError(
          `Query cost is ${cost}, which exceeds the single query max cost limit (${MAX_QUERY_COST}).`,
          { extensions: { code: "MAX_COST_EXCEEDED", cost, maxCost: MAX_QUERY_COST } },
        ),
      ],
    };
  }
  return { ok: true, document, operation, variables: coerced.coerced };
}
