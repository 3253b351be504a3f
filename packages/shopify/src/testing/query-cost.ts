// The requested cost of an Admin API query, as Shopify computes it before
// running anything, and refuses above 1,000: an object costs 1, a scalar or
// an enum 0, a connection 2 plus `first` (or `last`) times the cost of one
// node (nested connections multiply), a list field sized by `first` that
// many times its item, and a mutation 10.
import {
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  isCompositeType,
  isInterfaceType,
  isLeafType,
  isListType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from "graphql";

/** Shopify's single query max cost. */
export const MAX_QUERY_COST = 1000;

const MUTATION_COST = 10;

interface Context {
  readonly schema: GraphQLSchema;
  readonly fragments: ReadonlyMap<string, FragmentDefinitionNode>;
  readonly variables: Readonly<Record<string, unknown>>;
}

function size(args: readonly { name: { value: string }; value: ValueNode }[], context: Context) {
  for (const arg of args) {
    if (arg.name.value !== "first" && arg.name.value !== "last") continue;
    const value = arg.value;
    if (value.kind === Kind.INT) return Number(value.value);
    if (value.kind === Kind.VARIABLE) {
      const given = context.variables[value.name.value];
      if (typeof given === "number") return given;
    }
  }
  return undefined;
}

function fieldOf(
  type: GraphQLCompositeType,
  name: string,
): GraphQLField<unknown, unknown> | undefined {
  return isObjectType(type) || isInterfaceType(type) ? type.getFields()[name] : undefined;
}

function selectionCost(
  type: GraphQLCompositeType,
  selectionSet: SelectionSetNode | undefined,
  context: Context,
): number {
  let cost = 0;
  for (const selection of selectionSet?.selections ?? []) {
    if (selection.kind === Kind.INLINE_FRAGMENT) {
      const condition = selection.typeCondition
        ? context.schema.getType(selection.typeCondition.name.value)
        : type;
      if (condition && isCompositeType(condition)) {
        cost += selectionCost(condition, selection.selectionSet, context);
      }
      continue;
    }
    if (selection.kind === Kind.FRAGMENT_SPREAD) {
      const fragment = context.fragments.get(selection.name.value);
      const condition = fragment && context.schema.getType(fragment.typeCondition.name.value);
      if (fragment && condition && isCompositeType(condition)) {
        cost += selectionCost(condition, fragment.selectionSet, context);
      }
      continue;
    }
    const field = fieldOf(type, selection.name.value);
    if (!field) continue;
    const named: GraphQLNamedType = getNamedType(field.type);
    if (isLeafType(named) || !isCompositeType(named)) continue;
    const count = size(selection.arguments ?? [], context);
    if (named.name.endsWith("Connection")) {
      cost += 2 + connectionCost(named, selection.selectionSet, count ?? 1, context);
      continue;
    }
    const one = 1 + selectionCost(named, selection.selectionSet, context);
    cost += isListType(getNullableType(field.type)) && count !== undefined ? count * one : one;
  }
  return cost;
}

/** `count` nodes (through `nodes` or `edges { node }`), plus the connection's other fields once. */
function connectionCost(
  connection: GraphQLCompositeType,
  selectionSet: SelectionSetNode | undefined,
  count: number,
  context: Context,
): number {
  let cost = 0;
  for (const selection of selectionSet?.selections ?? []) {
    if (selection.kind !== Kind.FIELD) {
      cost += selectionCost(
        connection,
        { kind: Kind.SELECTION_SET, selections: [selection] },
        context,
      );
      continue;
    }
    const field = fieldOf(connection, selection.name.value);
    const named = field && getNamedType(field.type);
    if (!named || !isCompositeType(named)) continue;
    if (selection.name.value === "nodes") {
      cost += count * (1 + selectionCost(named, selection.selectionSet, context));
    } else if (selection.name.value === "edges") {
      cost += count * selectionCost(named, selection.selectionSet, context);
    } else {
      cost += 1 + selectionCost(named, selection.selectionSet, context);
    }
  }
  return cost;
}

/** The requested cost of `operation`, with its coerced variables. */
export function requestedQueryCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Readonly<Record<string, unknown>>,
): number {
  if (operation.operation === "mutation") return MUTATION_COST;
  const root = schema.getQueryType();
  if (!root) return 0;
  const fragments = new Map(
    document.definitions
      .filter(
        (definition): definition is FragmentDefinitionNode =>
          definition.kind === Kind.FRAGMENT_DEFINITION,
      )
      .map((fragment) => [fragment.name.value, fragment]),
  );
  return selectionCost(root, operation.selectionSet, { schema, fragments, variables });
}
