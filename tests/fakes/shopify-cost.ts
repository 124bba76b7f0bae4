/**
 * The requested cost of a GraphQL query by Shopify's published rules
 * (shopify.dev/docs/apps/build/apis/graphql-admin/rate-limits, "Cost calculation"):
 * - a scalar or enum field costs 0; an object field 1 plus what is selected inside it;
 * - a connection costs 2 plus `first` (or `last`) × the cost of one node (the node object's 1
 *   and what is selected in it); pageInfo and cursors are part of the 2;
 * - a plain list sized by `first` costs `first` × one element; an unsized list, one element;
 * - fragments count where they are spread.
 * Shopify refuses a query over 1,000 before running it (MAX_COST_EXCEEDED), which the fake does
 * too. Written from the documentation, apart from the connector's code.
 */
import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  isLeafType,
  isListType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  valueFromASTUntyped,
} from 'graphql';

export const SHOPIFY_MAX_QUERY_COST = 1000;

interface Scope {
  schema: GraphQLSchema;
  variables: Record<string, unknown>;
  fragments: Map<string, FragmentDefinitionNode>;
}

function sizeArgument(field: FieldNode, scope: Scope): number | null {
  for (const name of ['first', 'last']) {
    const argument = field.arguments?.find((candidate) => candidate.name.value === name);
    if (argument) return Number(valueFromASTUntyped(argument.value, scope.variables) ?? 0);
  }
  return null;
}

/** The fields a selection set picks on `type`, fragments expanded. */
function fieldsOf(type: GraphQLObjectType, set: SelectionSetNode, scope: Scope): FieldNode[] {
  const out: FieldNode[] = [];
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) out.push(selection);
    else if (selection.kind === Kind.INLINE_FRAGMENT)
      out.push(...fieldsOf(type, selection.selectionSet, scope));
    else {
      const fragment = scope.fragments.get(selection.name.value);
      if (fragment) out.push(...fieldsOf(type, fragment.selectionSet, scope));
    }
  }
  return out;
}

function selectionCost(type: GraphQLObjectType, set: SelectionSetNode | undefined, scope: Scope): number {
  if (!set) return 0;
  let cost = 0;
  for (const node of fieldsOf(type, set, scope)) {
    const definition = type.getFields()[node.name.value];
    if (definition) cost += fieldCost(definition, node, scope);
  }
  return cost;
}

/** One node of a connection: what `nodes` and `edges { node }` select, each as one object. */
function connectionNodeCost(connection: GraphQLObjectType, node: FieldNode, scope: Scope): number {
  let cost = 0;
  for (const child of fieldsOf(connection, node.selectionSet!, scope)) {
    if (child.name.value === 'nodes') {
      const element = getNamedType(connection.getFields().nodes!.type) as GraphQLObjectType;
      cost += 1 + selectionCost(element, child.selectionSet, scope);
    } else if (child.name.value === 'edges') {
      const edge = getNamedType(connection.getFields().edges!.type) as GraphQLObjectType;
      for (const inner of fieldsOf(edge, child.selectionSet!, scope)) {
        if (inner.name.value !== 'node') continue;
        const element = getNamedType(edge.getFields().node!.type) as GraphQLObjectType;
        cost += 1 + selectionCost(element, inner.selectionSet, scope);
      }
    }
  }
  return cost;
}

function fieldCost(definition: GraphQLField<unknown, unknown>, node: FieldNode, scope: Scope): number {
  const named = getNamedType(definition.type);
  if (isLeafType(named) || !isObjectType(named)) return 0;
  const size = sizeArgument(node, scope);
  if (named.name.endsWith('Connection')) return 2 + (size ?? 0) * connectionNodeCost(named, node, scope);
  const one = 1 + selectionCost(named, node.selectionSet, scope);
  return isListType(getNullableType(definition.type)) && size !== null ? size * one : one;
}

/** The requested cost of the document's operation (the first one, or the one named). */
export function queryCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> = {},
  operationName?: string,
): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  let operation: OperationDefinitionNode | undefined;
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    if (
      definition.kind === Kind.OPERATION_DEFINITION &&
      (!operation || definition.name?.value === operationName)
    ) {
      operation = definition;
    }
  }
  const root = schema.getQueryType();
  if (!operation || !root) return 0;
  return selectionCost(root, operation.selectionSet, { schema, variables, fragments });
}
