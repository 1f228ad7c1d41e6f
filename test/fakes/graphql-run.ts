/**
 * Runs one GraphQL call with graphql-js and writes the body as a host does:
 * its own error objects, with `errors` before or after `data` in the host's
 * order (GitHub writes `data` first, GitLab `errors` first).
 */
import { type GraphQLError, type GraphQLSchema, graphql } from "graphql";
import type { GraphqlCall } from "./graphql-targets.js";

export interface GraphqlHostStyle {
  formatError(error: GraphQLError): Record<string, unknown>;
  errorsFirst: boolean;
}

export async function runGraphql(schema: GraphQLSchema, rootValue: object, call: GraphqlCall, style: GraphqlHostStyle): Promise<unknown> {
  const result = await graphql({
    schema,
    source: call.query,
    rootValue,
    variableValues: call.variables,
    operationName: call.operationName,
  });
  if (!result.errors) return { data: result.data };
  const errors = result.errors.map(style.formatError);
  return style.errorsFirst ? { errors, data: result.data } : { data: result.data, errors };
}
