/**
 * One error type for everything the shim refuses, and one place that turns
 * it into an RFC 9457 problem+json response. Anything else that escapes is
 * a bug: logged, and answered as a plain 500 without internals.
 */
import type { ParameterProblem } from "../core/query.js";

export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly extensions: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = "HttpProblem";
  }
}

/** The catalog's files are missing or unreadable: 503 until a good build is there. */
export class CatalogUnavailable extends HttpProblem {
  constructor(detail: string) {
    super(503, `The catalog is not available: ${detail}`, {}, { "Retry-After": "60" });
  }
}

const REASON_PHRASES: Record<number, string> = {
  400: "Bad Request",
  404: "Not Found",
  405: "Method Not Allowed",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

export function invalidParameters(problems: readonly ParameterProblem[]): HttpProblem {
  const names = [...new Set(problems.map((p) => p.parameter))].join(", ");
  return new HttpProblem(400, `Invalid query parameters: ${names}. See "errors" for what each accepts.`, { errors: problems });
}

export function problemBody(problem: HttpProblem): string {
  return JSON.stringify({
    type: "about:blank",
    title: REASON_PHRASES[problem.status] ?? "Error",
    status: problem.status,
    detail: problem.detail,
    ...problem.extensions,
  });
}

export function internalError(): HttpProblem {
  return new HttpProblem(500, "The server failed to answer this request. It has been logged.");
}
