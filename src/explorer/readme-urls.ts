/**
 * Where a README's links and images may point (contract section 11, "The
 * explorer"), decided the way the browser will read the URL: a link keeps
 * `http:`, `https:`, `mailto:` or an in-page `#`; an image keeps `https:`;
 * a relative URL resolves against the plugin's first repository at its
 * default branch, links to its web view and images to its raw files. Any
 * other URL is dropped. Pure: the page's README renderer calls it for every
 * URL the sanitizer lets through.
 */

/** What a relative URL resolves against: the repository's web view and raw files at one branch, each ending in `/`. */
export interface ReadmeBase {
  readonly links: string;
  readonly images: string;
}

/** A repository as `GET /api/plugins/{slug}` lists it; only these keys are read, each of any type. */
export interface RepositoryFacts {
  readonly url?: unknown;
  readonly defaultBranch?: unknown;
}

export type UrlKind = "link" | "image";

/** The prefix that keeps a README's `id`s apart from the page's own (as GitHub does); `#x` links are pointed at it. */
export const ID_PREFIX = "user-content-";

/** What the URL parser strips from both ends, and removes anywhere, before it reads a URL (WHATWG URL, "basic URL parser"). */
const URL_TRIM = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
const URL_REMOVED = /[\t\n\r]/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const LINK_SCHEMES = new Set(["http:", "https:", "mailto:"]);
/** A URL that starts with two slashes (either way round) keeps the page's scheme: here, always `https:`. */
const NETWORK_PATH = /^[/\\]{2}/;
/** Git refuses these in a branch name (git check-ref-format); one such name is not a branch, so `HEAD` is used. */
const BAD_BRANCH = /(^|\/)\.|\.\.|[\u0000-\u0020\u007f~^:?*[\\]|@\{|\/\/|\/$|\.lock(\/|$)|^@$/;
/** A repository URL longer than this is no repository URL (the API's own bound on a URL is 2,048). */
const MAX_URL = 2048;

/**
 * The base of a README's relative URLs: the first repository's default branch (`HEAD` when unknown), or null when
 * there is no repository on GitHub or GitLab to resolve against.
 *
 * @example readmeBase([{ url: "https://github.com/acme/wind", defaultBranch: "main" }])
 * // { links: "https://github.com/acme/wind/blob/main/", images: "https://raw.githubusercontent.com/acme/wind/main/" }
 */
export function readmeBase(repositories: unknown): ReadmeBase | null {
  const first: unknown = Array.isArray(repositories) ? repositories[0] : undefined;
  if (typeof first !== "object" || first === null) return null;
  const { url, defaultBranch } = first as RepositoryFacts;
  const project = projectOf(url);
  if (project === null) return null;
  const branch = typeof defaultBranch === "string" && isBranchName(defaultBranch) ? defaultBranch : "HEAD";
  const ref = branch.split("/").map(encodeURIComponent).join("/");
  const path = project.path.map(encodeURIComponent).join("/");
  return project.host === "github.com"
    ? { links: `https://github.com/${path}/blob/${ref}/`, images: `https://raw.githubusercontent.com/${path}/${ref}/` }
    : { links: `https://gitlab.com/${path}/-/blob/${ref}/`, images: `https://gitlab.com/${path}/-/raw/${ref}/` };
}

/** `https://github.com/OWNER/REPO` or `https://gitlab.com/GROUP/…/PROJECT`, nothing after the project's path. */
function projectOf(url: unknown): { host: "github.com" | "gitlab.com"; path: string[] } | null {
  if (typeof url !== "string" || url.length > MAX_URL) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== "https:" || parsed.username !== "" || parsed.password !== "" || parsed.port !== "") return null;
  const host = parsed.hostname;
  if (host !== "github.com" && host !== "gitlab.com") return null;
  const path = parsed.pathname
    .replace(/\.git\/?$/, "")
    .split("/")
    .filter((segment) => segment !== "")
    .map(safeDecode);
  if (path.some((segment) => segment === null || segment === "." || segment === "..")) return null;
  const segments = path as string[];
  if (host === "github.com" ? segments.length !== 2 : segments.length < 2 || segments.includes("-")) return null;
  return { host, path: segments };
}

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** @example isBranchName("release/2.x") // true; isBranchName("../main") // false */
export function isBranchName(name: string): boolean {
  return name.length > 0 && name.length <= 255 && !BAD_BRANCH.test(name);
}

/**
 * The URL a README's link or image may keep, resolved and normalized, or null when it must go.
 *
 * @example resolveReadmeUrl("docs/setup.md#use", "link", base) // "https://github.com/acme/wind/blob/main/docs/setup.md#use"
 * @example resolveReadmeUrl("java\tscript:alert(1)", "link", base) // null
 * @example resolveReadmeUrl("#usage", "link", base) // "#user-content-usage"
 */
export function resolveReadmeUrl(raw: string, kind: UrlKind, base: ReadmeBase | null): string | null {
  const url = raw.replace(URL_TRIM, "").replace(URL_REMOVED, "");
  if (url.startsWith("#")) return kind === "link" ? inPageLink(url) : null;
  if (SCHEME.test(url)) return absolute(url, kind);
  if (NETWORK_PATH.test(url)) return absolute(`https:${url}`, kind);
  if (base === null || url === "") return null;
  return fromRepository(url, kind === "link" ? base.links : base.images);
}

/** A fragment as the page has it: `#x` names the README's `id="x"`, which the sanitizer prefixed. */
function inPageLink(url: string): string | null {
  const fragment = url.slice(1);
  if (fragment === "") return null;
  return `#${fragment.startsWith(ID_PREFIX) ? "" : ID_PREFIX}${fragment}`;
}

function absolute(url: string, kind: UrlKind): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const allowed = kind === "link" ? LINK_SCHEMES.has(parsed.protocol) : parsed.protocol === "https:";
  if (!allowed) return null;
  if (parsed.protocol !== "mailto:" && parsed.hostname === "") return null;
  return parsed.href;
}

/**
 * `docs/a.md`, `./a.png`, `/docs/a.md` (from the repository's root), `../x` (never above the root), `?plain=1`: read
 * as a path of the repository, then put under the branch's base. The path is resolved on a stand-in origin so that
 * `..` stops at the root rather than climbing out of the branch.
 */
function fromRepository(url: string, root: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, "https://readme.invalid/");
  } catch {
    return null;
  }
  if (parsed.origin !== "https://readme.invalid") return null;
  return `${root}${parsed.pathname.slice(1)}${parsed.search}${parsed.hash}`;
}
