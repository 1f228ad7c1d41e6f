/**
 * Checks real responses against the OpenAPI document, so that the document
 * is tested by every request the contract suite makes, not only by its own
 * tests. `conformingTarget` wraps a `Target`: a response that departs from
 * the document makes the wrapped `fetch` throw, which fails the test that
 * made the request, with every departure listed.
 */
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { OpenApiDocument, Operation, ResponseObject } from "../../src/site/openapi-document.js";
import { type MediaType, parseMediaType } from "./http.js";
import type { Target } from "./targets.js";

/** ajv needs an absolute base to resolve the document's `#/components/...` refs against. */
const DOCUMENT_ID = "https://plugin-catalog.invalid/openapi.json";

/**
 * An Ajv that knows the document: strict, so a schema keyword it does not
 * know (a typo, an OpenAPI-only keyword) is an error rather than silently
 * ignored. The document's top-level members are declared as annotations
 * because ajv compiles the root when it resolves a pointer into it.
 */
export function documentAjv(document: OpenApiDocument): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats.default(ajv);
  ajv.addVocabulary(Object.keys(document));
  ajv.addSchema(document, DOCUMENT_ID);
  return ajv;
}

/** `#/a/b` → the validator of that node; `/` and `~` escaped per RFC 6901, the rest per RFC 3986. */
export function pointer(...segments: readonly string[]): string {
  return `#/${segments.map((s) => encodeURIComponent(s.replaceAll("~", "~0").replaceAll("/", "~1"))).join("/")}`;
}

interface Documented {
  /** What the response was checked against, for messages. */
  readonly label: string;
  readonly byStatus: ReadonlyMap<string, { readonly response: ResponseObject; readonly at: string }>;
}

const OPERATIONS: Readonly<Record<string, "get" | "head" | "options">> = { GET: "get", HEAD: "head", OPTIONS: "options" };

export class ResponseConformance {
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly document: OpenApiDocument) {
    this.ajv = documentAjv(document);
  }

  /** Every way `response` departs from the document; empty when it conforms. Reads a clone, never `response`'s body. */
  async violations(method: string, pathAndQuery: string, response: Response): Promise<string[]> {
    const { pathname } = new URL(pathAndQuery, "http://localhost");
    const documented = this.documented(method.toUpperCase(), pathname);
    if (typeof documented === "string") return [documented];
    const status = String(response.status);
    const entry = documented.byStatus.get(status);
    if (entry === undefined)
      return [`status ${status} is not documented for ${documented.label} (documented: ${[...documented.byStatus.keys()].join(", ")})`];
    const problems = this.headerViolations(entry.response, response.headers);
    const text = await response.clone().text();
    const bodiless = method.toUpperCase() === "HEAD" || response.status === 204 || response.status === 304;
    if (bodiless) {
      if (text !== "") problems.push(`a ${method} ${status} must have no body, got ${text.length} characters`);
    } else {
      problems.push(...this.bodyViolations(entry, response.headers.get("content-type"), text));
    }
    return problems;
  }

  /** The responses the document allows here; `NotFound`/`MethodNotAllowed` stand for what `paths` cannot list. */
  private documented(method: string, requested: string): Documented | string {
    const pathname = this.documentedPath(requested) ?? requested;
    const item = this.document.paths[pathname];
    if (item === undefined) {
      if (!pathname.startsWith("/api/")) return `${pathname} is outside /api/: the document does not describe it`;
      return this.component("NotFound", "404", `an unlisted path under /api/ (${pathname})`);
    }
    const name = OPERATIONS[method];
    if (name === undefined) return this.component("MethodNotAllowed", "405", `${method} on ${pathname}`);
    const operation: Operation = item[name];
    const byStatus = new Map(
      Object.entries(operation.responses).map(([status, response]) => [
        status,
        { response, at: pointer("paths", pathname, name, "responses", status) },
      ]),
    );
    return { label: `${method} ${pathname}`, byStatus };
  }

  /**
   * The document's path that `requested` is: itself, or a template (`/api/plugins/{slug}`) whose every `{…}` stands for
   * one segment that percent-decodes to a non-empty value without `/`.
   */
  private documentedPath(requested: string): string | undefined {
    if (this.document.paths[requested] !== undefined) return requested;
    return Object.keys(this.document.paths).find((path) => {
      const match = new RegExp(
        `^${path
          .split(/\{[^}]+\}/)
          .map(escapeRegExp)
          .join("([^/]+)")}$`,
      ).exec(requested);
      return match !== null && match.length > 1 && match.slice(1).every(isPathValue);
    });
  }

  private component(name: "NotFound" | "MethodNotAllowed", status: string, label: string): Documented {
    const response = this.document.components.responses[name];
    return { label, byStatus: new Map([[status, { response, at: pointer("components", "responses", name) }]]) };
  }

  private headerViolations(documented: ResponseObject, headers: Headers): string[] {
    const problems: string[] = [];
    for (const [name, reference] of Object.entries(documented.headers ?? {})) {
      const component = this.document.components.headers[reference.$ref.split("/").pop() ?? ""];
      if (component === undefined) {
        problems.push(`header ${name}: ${reference.$ref} does not resolve`);
        continue;
      }
      const value = headers.get(name);
      if (value === null) {
        if (component.required) problems.push(`header ${name} is required and missing`);
        continue;
      }
      const validate = this.validator(`${reference.$ref}/schema`);
      if (!validate(value)) problems.push(...describe(`header ${name}: ${JSON.stringify(value)}`, validate));
    }
    return problems;
  }

  private bodyViolations(
    entry: { readonly response: ResponseObject; readonly at: string },
    contentType: string | null,
    text: string,
  ): string[] {
    const content = entry.response.content;
    if (content === undefined) return text === "" ? [] : [`no body is documented, got ${text.length} characters`];
    const media = parseMediaType(contentType);
    const key = Object.keys(content).find((documented) => mediaTypeMatches(documented, media));
    if (key === undefined)
      return [`Content-Type ${String(contentType)} is not documented (documented: ${Object.keys(content).join(", ")})`];
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return [`the ${key} body is not JSON: ${JSON.stringify(text.slice(0, 200))}`];
    }
    const validate = this.validator(`${entry.at}${pointer("content", key, "schema").slice(1)}`);
    return validate(body) ? [] : describe(`body (${key})`, validate);
  }

  private validator(at: string): ValidateFunction {
    let validate = this.compiled.get(at);
    if (validate === undefined) {
      validate = this.ajv.getSchema(`${DOCUMENT_ID}${at}`);
      if (validate === undefined) throw new Error(`the OpenAPI document has no schema at ${at}`);
      this.compiled.set(at, validate);
    }
    return validate;
  }
}

function isPathValue(segment: string): boolean {
  try {
    return !decodeURIComponent(segment).includes("/");
  } catch {
    return false;
  }
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A documented `type/subtype; p=v` matches when the essence is equal and each documented parameter is present with that value. */
export function mediaTypeMatches(documented: string, actual: MediaType | undefined): boolean {
  const wanted = parseMediaType(documented);
  if (wanted === undefined || actual === undefined || wanted.type !== actual.type) return false;
  return [...wanted.params].every(([name, value]) => actual.params.get(name)?.toLowerCase() === value.toLowerCase());
}

function describe(subject: string, validate: ValidateFunction): string[] {
  return (validate.errors ?? []).map(
    (e) => `${subject}${e.instancePath === "" ? "" : ` at ${e.instancePath}`} ${e.message ?? "is invalid"} ${JSON.stringify(e.params)}`,
  );
}

/** The same target, whose `fetch` throws when a response departs from the document. */
export function conformingTarget(target: Target, conformance: ResponseConformance): Target {
  return {
    fetch: async (pathAndQuery, init) => {
      const response = await target.fetch(pathAndQuery, init);
      const method = (init?.method ?? "GET").toUpperCase();
      const problems = await conformance.violations(method, pathAndQuery, response);
      if (problems.length > 0) {
        throw new Error(
          `${method} ${pathAndQuery} → ${response.status} does not conform to the OpenAPI document:\n  - ${problems.join("\n  - ")}`,
        );
      }
      return response;
    },
    close: () => target.close(),
  };
}
