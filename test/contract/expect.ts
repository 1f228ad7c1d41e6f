/** Assertions shared by the contract suites: the shapes CONTRACT section 2 fixes. */
import { expect } from "vitest";
import { PAGE_KEYS, PLUGIN_KEYS, type WirePlugin } from "../support/fixtures.js";
import { parseMediaType, REASON_PHRASES, type Reply } from "../support/http.js";
import { isRawInteger, parseRawJson, rawField, rawKeys, type RawJson } from "../support/raw-json.js";

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

/** Checks the exact key order and types in the raw text, then the page arithmetic. */
export function expectPageText(text: string): PageBody {
  const raw = parseRawJson(text);
  const violations: string[] = [];
  const keys = rawKeys(raw);
  if (JSON.stringify(keys) !== JSON.stringify(PAGE_KEYS)) violations.push(`response keys are ${JSON.stringify(keys)}, expected ${JSON.stringify(PAGE_KEYS)}`);
  for (const key of ["total", "page", "perPage", "pages"]) {
    if (!isRawInteger(rawField(raw, key))) violations.push(`${key} is not an integer`);
  }
  const plugins = rawField(raw, "plugins");
  if (plugins?.kind !== "array") violations.push("plugins is not an array");
  else plugins.items.forEach((item, i) => rawPluginViolations(item, `plugins[${i}]`, violations));
  expect(violations, "shape of the response body").toEqual([]);
  const body = JSON.parse(text) as PageBody;
  expect(body.total).toBeGreaterThanOrEqual(0);
  expect(body.page).toBeGreaterThanOrEqual(1);
  expect(body.perPage).toBeGreaterThanOrEqual(1);
  expect(body.perPage).toBeLessThanOrEqual(100);
  expect(body.pages, "pages = ceil(total / perPage)").toBe(body.total === 0 ? 0 : Math.ceil(body.total / body.perPage));
  const expectedCount = body.page < body.pages ? body.perPage : body.page === body.pages ? body.total - (body.pages - 1) * body.perPage : 0;
  expect(body.plugins.length, "plugins on this page").toBe(expectedCount);
  return body;
}

const STRING_KEYS = ["slug", "npmName", "name", "description", "version", "license", "publishedAt", "updatedAt"];

function rawPluginViolations(node: RawJson, where: string, violations: string[]): void {
  if (node.kind !== "object") {
    violations.push(`${where} is not an object`);
    return;
  }
  const keys = rawKeys(node);
  if (JSON.stringify(keys) !== JSON.stringify(PLUGIN_KEYS)) violations.push(`${where} keys are ${JSON.stringify(keys)}`);
  for (const key of STRING_KEYS) if (rawField(node, key)?.kind !== "string") violations.push(`${where}.${key} is not a string`);
  const homepage = rawField(node, "homepage")?.kind;
  if (homepage !== "string" && homepage !== "null") violations.push(`${where}.homepage is neither a string nor null`);
  for (const key of ["totalStars", "totalForks"]) if (!isRawInteger(rawField(node, key))) violations.push(`${where}.${key} is not an integer`);
  if (rawField(node, "hasWebUi")?.kind !== "boolean") violations.push(`${where}.hasWebUi is not a boolean`);
  for (const key of ["publishedAt", "updatedAt"]) {
    const field = rawField(node, key);
    if (field?.kind === "string" && !TIMESTAMP.test(field.value)) violations.push(`${where}.${key} ${JSON.stringify(field.value)} is not YYYY-MM-DDTHH:mm:ss.sssZ`);
  }
  const tags = rawField(node, "tags");
  if (tags?.kind !== "array") violations.push(`${where}.tags is not an array`);
  else if (!tags.items.every((tag) => tag.kind === "string")) violations.push(`${where}.tags holds a non-string`);
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
  expect(errors.map((e) => e.parameter), "parameters in error, in order").toEqual([...parameters]);
  return errors;
}

export function slugsOf(body: PageBody): string[] {
  return body.plugins.map((p) => p.slug);
}
