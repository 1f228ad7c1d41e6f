/** Assertions shared by the contract suites: the listing and problem shapes of docs/API.md. */
import { expect } from "vitest";
import { PAGE_KEYS, PLUGIN_KEYS, type WirePlugin } from "../support/fixtures.js";
import { parseMediaType, REASON_PHRASES, type Reply } from "../support/http.js";

export interface PageBody {
  total: number;
  page: number;
  perPage: number;
  pages: number;
  plugins: WirePlugin[];
}

export interface ParameterProblem {
  parameter: string;
  message: string;
}

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors?: ParameterProblem[];
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function expectCors(reply: Reply): void {
  expect(reply.headers.get("access-control-allow-origin"), "Access-Control-Allow-Origin").toBe("*");
}

/** A 200 whose body is a well-formed page; returns the parsed body. */
export function expectPage(reply: Reply): PageBody {
  expect(reply.status, reply.text.slice(0, 500)).toBe(200);
  expectCors(reply);
  const media = parseMediaType(reply.headers.get("content-type"));
  expect(media?.type, "Content-Type").toBe("application/json");
  expect(media?.params.get("charset")?.toLowerCase(), "Content-Type charset").toBe("utf-8");
  return expectPageText(reply.text);
}

/**
 * Checks the body as written, then the page arithmetic. The API writes
 * compact JSON with `JSON.stringify`, so a body equal to its own round trip
 * has no duplicate key and spells every number canonically (no `1.0`, `1e3`
 * or `-0`); key order and types are then read off the parsed value.
 */
export function expectPageText(text: string): PageBody {
  const parsed = JSON.parse(text) as unknown;
  expect(text, "the body is its own JSON.stringify round trip").toBe(JSON.stringify(parsed));
  expect(pageViolations(parsed), "shape of the response body").toEqual([]);
  const body = parsed as PageBody;
  expect(body.total).toBeGreaterThanOrEqual(0);
  expect(body.page).toBeGreaterThanOrEqual(1);
  expect(body.perPage).toBeGreaterThanOrEqual(1);
  expect(body.perPage).toBeLessThanOrEqual(100);
  expect(body.pages, "pages = ceil(total / perPage)").toBe(body.total === 0 ? 0 : Math.ceil(body.total / body.perPage));
  expect(body.plugins.length, "plugins on this page").toBe(pluginsOnPage(body));
  return body;
}

function pluginsOnPage({ total, page, perPage, pages }: PageBody): number {
  if (page < pages) return perPage;
  return page === pages ? total - (pages - 1) * perPage : 0;
}

const STRING_KEYS = ["slug", "npmName", "name", "description", "version", "license", "publishedAt", "updatedAt"];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Key order as written: every key here is non-numeric, and JSON.parse keeps such keys in text order. */
function keyOrderViolations(object: Record<string, unknown>, expected: readonly string[], where: string): string[] {
  const keys = JSON.stringify(Object.keys(object));
  return keys === JSON.stringify(expected) ? [] : [`${where} keys are ${keys}, expected ${JSON.stringify(expected)}`];
}

function pageViolations(page: unknown): string[] {
  if (!isObject(page)) return ["the response body is not an object"];
  const violations = keyOrderViolations(page, PAGE_KEYS, "response");
  for (const key of ["total", "page", "perPage", "pages"]) if (!Number.isInteger(page[key])) violations.push(`${key} is not an integer`);
  const plugins = page["plugins"];
  if (!Array.isArray(plugins)) return [...violations, "plugins is not an array"];
  return [...violations, ...plugins.flatMap((item: unknown, i) => pluginViolations(item, `plugins[${i}]`))];
}

function pluginViolations(plugin: unknown, where: string): string[] {
  if (!isObject(plugin)) return [`${where} is not an object`];
  const violations = keyOrderViolations(plugin, PLUGIN_KEYS, where);
  const fail = (field: string, problem: string) => violations.push(`${where}.${field} ${problem}`);
  for (const key of STRING_KEYS) if (typeof plugin[key] !== "string") fail(key, "is not a string");
  if (typeof plugin["homepage"] !== "string" && plugin["homepage"] !== null) fail("homepage", "is neither a string nor null");
  for (const key of ["totalStars", "totalForks"]) if (!Number.isInteger(plugin[key])) fail(key, "is not an integer");
  if (typeof plugin["hasWebUi"] !== "boolean") fail("hasWebUi", "is not a boolean");
  for (const key of ["publishedAt", "updatedAt"]) {
    const value = plugin[key];
    if (typeof value === "string" && !TIMESTAMP.test(value)) fail(key, `${JSON.stringify(value)} is not YYYY-MM-DDTHH:mm:ss.sssZ`);
  }
  const tags = plugin["tags"];
  if (!Array.isArray(tags)) fail("tags", "is not an array");
  else if (!tags.every((tag) => typeof tag === "string")) fail("tags", "holds a non-string");
  return violations;
}

const STACK_TRACE = /\n\s+at\s|\bat\s+\S+\s+\(.*:\d+:\d+\)|node:internal|\.[cm]?[jt]s:\d+:\d+/;
const HTML = /<\s*(?:!doctype|html|head|body|pre|h1|title)\b/i;

/** An `application/problem+json` answer with the given status; returns the parsed body. */
export function expectProblem(reply: Reply, status: number): Problem {
  expect(reply.status, reply.text.slice(0, 500)).toBe(status);
  expectCors(reply);
  expect(parseMediaType(reply.headers.get("content-type"))?.type, "Content-Type").toBe("application/problem+json");
  expect(reply.text, "no stack trace").not.toMatch(STACK_TRACE);
  expect(reply.text, "no HTML").not.toMatch(HTML);
  const body = JSON.parse(reply.text) as Record<string, unknown>;
  expect(typeof body, "problem body is an object").toBe("object");
  expect(body["type"], "problem type").toBe("about:blank");
  expect(body["title"], "problem title = the reason phrase").toBe(REASON_PHRASES[status]);
  expect(body["status"], "problem status").toBe(status);
  expect(typeof body["detail"], "problem detail is a string").toBe("string");
  expect((body["detail"] as string).length, "problem detail is not empty").toBeGreaterThan(0);
  return body as unknown as Problem;
}

/**
 * A 400 listing exactly `parameters`, in this order (one entry per problem,
 * in order of first appearance in the query string).
 */
export function expectBadRequest(reply: Reply, parameters: readonly string[]): ParameterProblem[] {
  const problem = expectProblem(reply, 400);
  expect(Array.isArray(problem.errors), "errors is an array").toBe(true);
  const errors = problem.errors ?? [];
  for (const error of errors) {
    expect(Object.keys(error).sort(), "each error is { parameter, message }").toEqual(["message", "parameter"]);
    expect(typeof error.parameter).toBe("string");
    expect(typeof error.message).toBe("string");
    expect(error.message.trim().length, "message is not empty").toBeGreaterThan(0);
  }
  expect(
    errors.map((e) => e.parameter),
    "parameters in error, in order",
  ).toEqual([...parameters]);
  return errors;
}

export function slugsOf(body: PageBody): string[] {
  return body.plugins.map((p) => p.slug);
}
