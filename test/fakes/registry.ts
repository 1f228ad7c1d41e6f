/**
 * Fake npm registry: search, packuments, conditional GETs and the search rate limit.
 *
 * - `GET /-/v1/search?text=keywords:<k>&size=&from=`: see registry-search.ts.
 * - `GET /<name>`, `/@scope%2fname` (any case of `%2f`) and the unencoded `/@scope/name`:
 *   the packument (packument.ts), `ETag` from `_rev`, `Last-Modified` from
 *   `time.modified`; `If-None-Match` → 304. Unknown → 404 `{"error":"Not found"}`, the
 *   registry's body (npm/registry-issue-archive#215).
 * - `world.setPackument` replaces a full packument with any body (a document, raw text or an
 *   edit of the generated one); the search listing keeps listing the package.
 * - Search rate limit (`searchRateLimit`): the live edge answers a fast pager with 429,
 *   `retry-after: 0` and a Cloudflare HTML page, and keeps doing so for a while
 *   (ayagmar/pi-extmgr#25); off unless configured.
 *
 * @example
 * const registry = await startFakeRegistry({ world, searchRateLimit: { burst: 10, windowMs: 60_000, blockMs: 500 } });
 * await fetch(`${registry.url}/-/v1/search?text=keywords:acme-plugin&size=250`);
 */
import { conditional } from "./conditional.js";
import { abbreviatedOf, packumentOf, revOf } from "./packument.js";
import { BurstBlocker, type BurstLimit } from "./rate-limit.js";
import { SearchIndex, type SearchWindow } from "./registry-search.js";
import { type FakeRequest, type FakeResponse, type RunningFake, type ServerOptions, startFakeServer } from "./server.js";
import { RawJson, type World } from "./world.js";
import type { PackageRecord } from "./world-types.js";

export interface FakeRegistryOptions extends ServerOptions {
  world: World;
  searchRateLimit?: BurstLimit;
  resultWindow?: number;
  pastResultWindow?: SearchWindow["pastWindow"];
}

const SEARCH = "/-/v1/search";
const ABBREVIATED = "application/vnd.npm.install-v1+json";
const JSON_TYPE = { "content-type": "application/json" };
const RATE_LIMITED_PAGE =
  "<!DOCTYPE html><html><head><title>Access denied | registry.npmjs.org used Cloudflare to restrict access</title></head>" +
  "<body><h1>Error 1015</h1><h2>You are being rate limited</h2></body></html>";

function json(status: number, body: unknown, headers: Record<string, string> = {}): FakeResponse {
  return { status, headers: { ...JSON_TYPE, ...headers }, body: JSON.stringify(body) };
}

function intParam(value: string | null, fallback: number): number {
  const n = value === null ? NaN : Number.parseInt(value, 10);
  return Number.isNaN(n) ? fallback : n;
}

function packageName(path: string): string | undefined {
  let name: string;
  try {
    name = decodeURIComponent(path.slice(1));
  } catch {
    return undefined;
  }
  const slashes = name.split("/").length - 1;
  return slashes === (name.startsWith("@") ? 1 : 0) ? name : undefined; // `/name/version` is not served
}

export async function startFakeRegistry(options: FakeRegistryOptions): Promise<RunningFake> {
  const { world } = options;
  const index = new SearchIndex(world);
  const limiter = options.searchRateLimit ? new BurstBlocker(options.searchRateLimit) : undefined;
  const window: SearchWindow = { resultWindow: options.resultWindow ?? 10_000, pastWindow: options.pastResultWindow ?? "empty" };

  function search(req: FakeRequest): FakeResponse {
    if (limiter && !limiter.take()) {
      return { status: 429, headers: { "content-type": "text/html; charset=UTF-8", "retry-after": "0" }, body: RATE_LIMITED_PAGE };
    }
    const q = req.url.searchParams;
    const size = Math.min(250, Math.max(1, intParam(q.get("size"), 20)));
    const page = index.page(q.get("text") ?? "", Math.max(0, intParam(q.get("from"), 0)), size, window);
    return page ? json(200, page) : json(400, { error: `from + size must be at most ${window.resultWindow}` });
  }

  function packument(req: FakeRequest): FakeResponse {
    const name = packageName(req.path);
    const pkg = name === undefined ? undefined : world.get(name);
    if (!pkg) return json(404, { error: "Not found" });
    const abbreviated = !pkg.unpublished && (req.headers.accept ?? "").includes(ABBREVIATED);
    const etag = `"${revOf(pkg)}${abbreviated ? "-abbrev" : ""}"`;
    return conditional(req, etag, pkg.modified, () =>
      abbreviated
        ? json(200, abbreviatedOf(pkg), { "content-type": ABBREVIATED })
        : { status: 200, headers: JSON_TYPE, body: fullBody(pkg) },
    );
  }

  /** The generated packument, or what `world.setPackument` put in its place. */
  function fullBody(pkg: PackageRecord): string {
    const override = world.packumentOverride(pkg.name);
    if (override instanceof RawJson) return override.text;
    if (override !== undefined && typeof override !== "function") return JSON.stringify(override);
    const doc = packumentOf(pkg, () => world.readme(pkg));
    return JSON.stringify(typeof override === "function" ? (override as (doc: Record<string, unknown>) => unknown)(doc) : doc);
  }

  return startFakeServer(
    {
      route: (req) => `${req.method} ${req.path === SEARCH ? SEARCH : "/:package"}`,
      handle: (req) => {
        if (req.method !== "GET" && req.method !== "HEAD") return json(405, { error: "Method not allowed" });
        return req.path === SEARCH ? search(req) : packument(req);
      },
    },
    options,
  );
}
