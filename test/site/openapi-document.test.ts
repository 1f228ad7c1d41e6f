/**
 * The OpenAPI document itself: valid OpenAPI 3.1 (checked by an independent
 * validator against the OAI's published schema), strict JSON Schema 2020-12
 * in every schema, and in step with `PARAMETERS` and the wire records.
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { FILTER_PARAMETERS, MAX_TEXT_LENGTH, PARAMETERS, type ParameterSpec } from "../../src/core/parameters.js";
import { parseQuery } from "../../src/core/query.js";
import { FACETS_PATH, OPENAPI_PATH, PLUGIN_PATH_TEMPLATE, PLUGINS_PATH, STATUS_PATH, WHOLE_CATALOG_PATH } from "../../src/core/routes.js";
import {
  type OpenApiDocument,
  openApiDocument,
  type ParameterObject,
  type PathParameterObject,
  type Reference,
} from "../../src/site/openapi-document.js";
import { DETAIL_KEYS } from "../support/detail-model.js";
import { PAGE_KEYS, PLUGIN_KEYS } from "../support/fixtures.js";
import { documentAjv, pointer } from "../support/openapi-conformance.js";

const document = openApiDocument();
const ajv = documentAjv(document);
const schemaAt = (at: string) => {
  const validate = ajv.getSchema(`https://plugin-catalog.invalid/openapi.json${at}`);
  if (validate === undefined) throw new Error(`no schema at ${at}`);
  return validate;
};

/** Every `$ref` string anywhere in `node`, with where it was found. */
function refsIn(node: unknown, at = "#"): Array<[ref: string, at: string]> {
  if (Array.isArray(node)) return node.flatMap((item, i) => refsIn(item, `${at}/${i}`));
  if (typeof node !== "object" || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === "$ref" && typeof value === "string" ? [[value, at] as [string, string]] : refsIn(value, `${at}/${key}`),
  );
}

function resolvePointer(doc: unknown, ref: string): unknown {
  return ref
    .replace(/^#\//, "")
    .split("/")
    .map((s) => decodeURIComponent(s).replaceAll("~1", "/").replaceAll("~0", "~"))
    .reduce<unknown>((node, key) => (typeof node === "object" && node !== null ? (node as Record<string, unknown>)[key] : undefined), doc);
}

/** An operation's parameter, its reference followed. */
const resolvedParameter = (parameter: Reference | PathParameterObject): unknown =>
  "$ref" in parameter ? resolvePointer(document, parameter.$ref) : parameter;

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1 for @seriousme/openapi-schema-validator (the OAI's JSON Schema)", async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(JSON.stringify(document)) as Record<string, unknown>);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("fails that validator when broken (the check is not vacuous)", async () => {
    const broken = JSON.parse(JSON.stringify(document)) as Record<string, Record<string, unknown>>;
    delete broken.info?.version;
    broken.paths![PLUGINS_PATH] = { get: { responses: { "200": { content: {} } } } };
    const result = await new Validator().validate(broken);
    expect(result.valid).toBe(false);
  });

  it("is plain JSON (survives a JSON round trip unchanged) and a pure function", () => {
    expect(JSON.parse(JSON.stringify(document))).toEqual(document);
    expect(openApiDocument()).toEqual(document);
    expect(document.servers).toEqual([{ url: "/" }]);
    expect(document.info.title).not.toBe("");
    expect(openApiDocument("9.9.9").info.version).toBe("9.9.9");
  });

  it("resolves every $ref", () => {
    const refs = refsIn(document);
    expect(refs.length).toBeGreaterThan(20);
    for (const [ref, at] of refs) expect(resolvePointer(document, ref), `${ref} (at ${at})`).toBeDefined();
  });

  it("has only strict JSON Schema 2020-12 schemas (ajv strict mode compiles each one)", () => {
    const locations: string[] = [
      ...Object.keys(document.components.schemas).map((name) => pointer("components", "schemas", name)),
      ...Object.keys(document.components.headers).map((name) => pointer("components", "headers", name, "schema")),
      ...Object.keys(document.components.parameters).map((name) => pointer("components", "parameters", name, "schema")),
    ];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of [
        ["get", item.get],
        ["head", item.head],
        ["options", item.options],
      ] as const) {
        for (const [status, response] of Object.entries(operation.responses)) {
          for (const type of Object.keys(response.content ?? {}))
            locations.push(pointer("paths", path, method, "responses", status, "content", type, "schema"));
        }
      }
    }
    for (const at of locations) expect(() => schemaAt(at), at).not.toThrow();
  });

  it("describes GET, HEAD and OPTIONS of every endpoint and of itself, and nothing else", () => {
    expect(Object.keys(document.paths)).toEqual([
      PLUGINS_PATH,
      PLUGIN_PATH_TEMPLATE,
      FACETS_PATH,
      STATUS_PATH,
      WHOLE_CATALOG_PATH,
      OPENAPI_PATH,
    ]);
    for (const item of Object.values(document.paths)) expect(Object.keys(item).sort()).toEqual(["get", "head", "options"]);
    const plugins = document.paths[PLUGINS_PATH];
    expect(Object.keys(plugins?.get.responses ?? {}).sort()).toEqual(["200", "304", "400", "500", "503"]);
    expect(Object.keys(plugins?.head.responses ?? {}).sort()).toEqual(["200", "304", "400", "500", "503"]);
    for (const response of Object.values(plugins?.head.responses ?? {})) expect(response.content).toBeUndefined();
    expect(Object.keys(plugins?.options.responses ?? {})).toEqual(["204"]);
    expect(Object.keys(document.components.responses).sort()).toEqual(["MethodNotAllowed", "NotFound"]);
  });

  it("gives one plugin's path its slug as a required path parameter, a 404 and no 400 (it takes no query)", () => {
    for (const operation of [document.paths[PLUGIN_PATH_TEMPLATE]?.get, document.paths[PLUGIN_PATH_TEMPLATE]?.head]) {
      expect(operation?.parameters).toEqual([expect.objectContaining({ name: "slug", in: "path", required: true })]);
      expect(Object.keys(operation?.responses ?? {}).sort()).toEqual(["200", "304", "404", "500", "503"]);
    }
    const slug = schemaAt(pointer("paths", PLUGIN_PATH_TEMPLATE, "get", "parameters", "0", "schema"));
    expect(slug("acme~zeta")).toBe(true);
    expect(slug("Acme")).toBe(false);
  });

  it("gives /api/facets a 400 and the other two catalog endpoints none (they take no parameters)", () => {
    expect(Object.keys(document.paths[FACETS_PATH]?.get.responses ?? {}).sort()).toEqual(["200", "304", "400", "500", "503"]);
    for (const path of [STATUS_PATH, WHOLE_CATALOG_PATH]) {
      expect(Object.keys(document.paths[path]?.get.responses ?? {}).sort(), path).toEqual(["200", "304", "500", "503"]);
      expect(document.paths[path]?.get.parameters, path).toBeUndefined();
    }
  });
});

describe("the document and PARAMETERS", () => {
  const parameters = document.components.parameters;
  const specOf = (name: string): ParameterSpec | undefined => PARAMETERS.find((p) => p.name === name);

  it("lists exactly the parameters of PARAMETERS, in order, on GET and HEAD /api/plugins", () => {
    const names = PARAMETERS.map((p) => p.name);
    expect(Object.keys(parameters)).toEqual(names);
    for (const operation of [document.paths[PLUGINS_PATH]?.get, document.paths[PLUGINS_PATH]?.head]) {
      expect(operation?.parameters?.map(resolvedParameter)).toEqual(names.map((name) => parameters[name]));
    }
    for (const [name, parameter] of Object.entries(parameters)) {
      expect(parameter.name).toBe(name);
      expect(specOf(name), name).toBeDefined();
    }
  });

  it.each(PARAMETERS.map((p) => [p.name, p] as const))("%s has the constraints and description of its spec", (name, spec) => {
    const parameter: ParameterObject | undefined = parameters[name];
    expect(parameter).toMatchObject({ name, in: "query", required: false });
    expect(parameter?.description).toContain(spec.description);
    const schema = parameter?.schema;
    switch (spec.kind) {
      case "text":
        expect(schema).toEqual({ type: "string", maxLength: MAX_TEXT_LENGTH });
        break;
      case "enum":
        expect(schema).toEqual({ type: "string", enum: [...spec.values], ...("default" in spec ? { default: spec.default } : {}) });
        break;
      case "integer":
        expect(schema).toEqual({ type: "integer", minimum: spec.min, maximum: spec.max, default: spec.default });
        expect(parameter?.description).toMatch(/only decimal digits/i);
        break;
      case "version":
        // Which versions exist is the catalog's to say: the document says how a wrong one is answered.
        expect(schema).toEqual({ type: "string" });
        expect(parameter?.description).toMatch(/400 whose message names the host and its latest version/);
        break;
    }
  });

  /** Raw query values the shim accepts exactly when the documented schema accepts them (integers: digits only, then the number). */
  it.each(PARAMETERS.map((p) => [p.name, p] as const))("%s: the shim accepts exactly what the document allows", (name, spec) => {
    const validate = schemaAt(pointer("components", "parameters", name, "schema"));
    const samples = [
      "x",
      "1",
      "0",
      "2",
      "Stars",
      "stars",
      "name",
      "recent",
      "-1",
      "+5",
      "5.0",
      "1e2",
      " 7",
      "007",
      "99",
      "100",
      "101",
      "1000000",
      "1000001",
      "é".repeat(MAX_TEXT_LENGTH),
      "é".repeat(MAX_TEXT_LENGTH + 1),
    ];
    for (const raw of samples) {
      const typed = spec.kind === "integer" ? (/^[0-9]+$/.test(raw) ? Number(raw) : raw) : raw;
      const documented = validate(typed);
      const accepted = parseQuery(new URLSearchParams([[name, raw]])).ok;
      expect(accepted, `${name}=${raw.slice(0, 20)}: document says ${documented ? "valid" : "invalid"}`).toBe(documented);
    }
  });

  it("lists exactly the filters on GET and HEAD /api/facets, and its 400 names only them", () => {
    for (const operation of [document.paths[FACETS_PATH]?.get, document.paths[FACETS_PATH]?.head]) {
      const listed = operation?.parameters?.map(resolvedParameter);
      expect(listed).toEqual(FILTER_PARAMETERS.map((name) => parameters[name]));
    }
    const validate = schemaAt(pointer("components", "schemas", "FilterParameterProblem"));
    for (const p of PARAMETERS) expect(validate({ parameter: p.name, message: "m" }), p.name).toBe(FILTER_PARAMETERS.includes(p.name));
  });

  it("the 400 body names only parameters of PARAMETERS", () => {
    const validate = schemaAt(pointer("components", "schemas", "ParameterProblem"));
    for (const p of PARAMETERS) expect(validate({ parameter: p.name, message: "m" }), p.name).toBe(true);
    expect(validate({ parameter: "per-page", message: "m" })).toBe(false);
  });

  it("bounds the page body's page and perPage like the parameters", () => {
    const page = document.components.schemas.PluginPage?.properties as Record<string, Record<string, unknown>> | undefined;
    const bound = (name: string) => {
      const p = specOf(name);
      return p?.kind === "integer" ? { minimum: p.min, maximum: p.max } : undefined;
    };
    expect(page?.page).toMatchObject({ type: "integer", ...bound("page") });
    expect(page?.perPage).toMatchObject({ type: "integer", ...bound("per_page") });
  });
});

describe("the document's records", () => {
  const schemas: OpenApiDocument["components"]["schemas"] = document.components.schemas;

  it("a page has exactly the contract's keys, in order, all required, no others", () => {
    expect(Object.keys(schemas.PluginPage?.properties as object)).toEqual([...PAGE_KEYS]);
    expect(schemas.PluginPage).toMatchObject({ type: "object", required: [...PAGE_KEYS], additionalProperties: false });
  });

  it("a plugin has exactly the contract's 13 keys, in order, all required, no others", () => {
    expect(Object.keys(schemas.Plugin?.properties as object)).toEqual([...PLUGIN_KEYS]);
    expect(schemas.Plugin).toMatchObject({ type: "object", required: [...PLUGIN_KEYS], additionalProperties: false });
    expect(schemas.Plugin?.properties).toMatchObject({
      slug: { type: "string", pattern: "^[a-z0-9._~-]+$" },
      homepage: { type: ["string", "null"] },
      totalStars: { type: "integer", minimum: 0 },
      totalForks: { type: "integer", minimum: 0 },
      hasWebUi: { type: "boolean" },
      publishedAt: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$" },
      updatedAt: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$" },
      tags: { type: "array", items: { type: "string" } },
    });
  });

  it("a plugin's detail has the Plugin's keys, then the detail's, and each part its contract keys, all required, no others", () => {
    const expected: Record<string, string[]> = {
      PluginDetail: [...PLUGIN_KEYS, ...DETAIL_KEYS],
      Repository: ["url", "host", "stars", "forks", "archived", "openIssues", "pushedAt", "defaultBranch"],
      Downloads: ["lastWeek", "lastMonth", "weekly"],
      WeeklyDownloads: ["date", "count"],
      Releases: ["count", "lastYear", "recent"],
      Release: ["version", "publishedAt"],
      Engines: ["node", "host"],
      Trust: ["provenance", "installScripts", "spdxLicense"],
      Score: ["total", "popularity", "maintenance", "quality"],
    };
    for (const [name, keys] of Object.entries(expected)) {
      expect(Object.keys(schemas[name]?.properties as object), name).toEqual(keys);
      expect(schemas[name], name).toMatchObject({ type: "object", required: keys, additionalProperties: false });
    }
    const score = schemaAt(pointer("components", "schemas", "Score"));
    expect(score({ total: 100, popularity: 0, maintenance: 13, quality: 100 })).toBe(true);
    expect(score({ total: 101, popularity: 0, maintenance: 13, quality: 100 })).toBe(false);
    const readme = schemaAt(pointer("components", "schemas", "PluginDetail", "properties", "readme"));
    expect([readme(null), readme("x".repeat(65_536)), readme("😀".repeat(65_536)), readme(""), readme("x".repeat(65_537))]).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it("facets, status and the whole catalog have exactly the documented keys, in order, all required, no others", () => {
    const expected: Record<string, string[]> = {
      Facets: ["total", "categories", "uncategorized", "webUi"],
      CategoryCount: ["category", "count"],
      Status: ["builtAt", "plugins", "sources"],
      SourceStatus: ["readAt", "items", "stale", "staleSince"],
      WholeCatalog: ["builtAt", "total", "plugins"],
    };
    for (const [name, keys] of Object.entries(expected)) {
      expect(Object.keys(schemas[name]?.properties as object), name).toEqual(keys);
      expect(schemas[name], name).toMatchObject({ type: "object", required: keys, additionalProperties: false });
    }
    const status = schemaAt(pointer("components", "schemas", "SourceStatus"));
    expect(status({ readAt: null, items: 0, stale: 0, staleSince: null })).toBe(true);
    expect(status({ readAt: "2025-03-04T02:00:00.000Z", items: 2, stale: 1, staleSince: "2025-03-01T02:00:00.000Z" })).toBe(true);
    expect(status({ readAt: "2025-03-04T02:00:00Z", items: 2, stale: 1, staleSince: null })).toBe(false);
    expect(status({ readAt: null, items: -1, stale: 0, staleSince: null })).toBe(false);
  });

  it("problems carry the RFC 9457 members; a 400 also carries errors", () => {
    expect(schemas.Problem).toMatchObject({ required: ["type", "title", "status", "detail"] });
    const badRequest = schemaAt(pointer("components", "schemas", "BadRequestProblem"));
    const problem = { type: "about:blank", title: "Bad Request", status: 400, detail: "Invalid query parameters: page." };
    expect(badRequest({ ...problem, errors: [{ parameter: "page", message: "accepted: 1 to 1000000" }] })).toBe(true);
    expect(badRequest(problem)).toBe(false);
    expect(badRequest({ ...problem, errors: [{ parameter: "page", message: "m" }], stack: "at x.js:1" })).toBe(false);
    const notFound = schemaAt(pointer("components", "schemas", "NotFoundProblem"));
    expect(notFound({ ...problem, status: 404, title: "Not Found" })).toBe(true);
    expect(notFound({ ...problem, title: "Not Found" })).toBe(false);
  });
});
