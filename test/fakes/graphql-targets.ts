/**
 * What a GraphQL request asks for, read without executing it: the top-level fields with
 * their aliases and argument values. Fault rules use it to aim at one alias or one owner
 * ("fail every batch that asks for acme/*"); any parse problem just yields no targets.
 */
import { type DocumentNode, Kind, parse, valueFromASTUntyped } from "graphql";

export interface GraphqlCall {
  query: string;
  variables: Record<string, unknown>;
  operationName: string | undefined;
}

export interface TopField {
  /** The alias when given, else the field name: the key of the field in `data`. */
  alias: string;
  name: string;
  args: Record<string, unknown>;
}

/** What fault rules can match in a GraphQL request. Empty for anything else. */
export interface GraphqlTargets {
  aliases: string[];
  /** GitHub: `owner` arguments; GitLab: the namespaces of requested full paths. */
  owners: string[];
  /** GitHub: `owner/name`; GitLab: the requested full paths. */
  paths: string[];
}

export const NO_TARGETS: GraphqlTargets = { aliases: [], owners: [], paths: [] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The `{ query, variables, operationName }` of a GraphQL POST body, or undefined. */
export function parseGraphqlBody(body: string): GraphqlCall | undefined {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (!isRecord(json) || typeof json.query !== "string") return undefined;
  const variables = isRecord(json.variables) ? json.variables : {};
  const operationName = typeof json.operationName === "string" ? json.operationName : undefined;
  return { query: json.query, variables, operationName };
}

export function topLevelFields(call: GraphqlCall): TopField[] {
  let doc: DocumentNode;
  try {
    doc = parse(call.query);
  } catch {
    return [];
  }
  const fields: TopField[] = [];
  for (const def of doc.definitions) {
    if (def.kind !== Kind.OPERATION_DEFINITION) continue;
    for (const sel of def.selectionSet.selections) {
      if (sel.kind !== Kind.FIELD) continue;
      const args: Record<string, unknown> = {};
      for (const arg of sel.arguments ?? []) args[arg.name.value] = valueFromASTUntyped(arg.value, call.variables);
      fields.push({ alias: sel.alias?.value ?? sel.name.value, name: sel.name.value, args });
    }
  }
  return fields;
}
