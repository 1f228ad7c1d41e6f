/**
 * `GET /api/plugins/{slug}` (docs/API.md#one-plugin): the path names the
 * slug, percent-encoded or not; the build wrote the body, and the answer is
 * its bytes. A path that cannot name a slug (a malformed escape, nothing
 * after the prefix, a further `/`) is no resource at all; a slug that no
 * plugin of the current build has is a 404 that names it.
 */
import { cutText } from "../core/bounds.js";
import { PLUGIN_PATH_PREFIX } from "../core/routes.js";
import type { Catalog } from "./catalog.js";
import type { CatalogAnswer, CatalogEndpoint } from "./endpoints.js";
import { HttpProblem } from "./problem.js";

/** What every slug is made of (docs/API.md#slugs). */
const SLUG = /^[a-z0-9._~-]+$/;
/** How much of an unknown slug a 404 repeats. */
const ECHOED_SLUG_LENGTH = 256;

/** The endpoint of one plugin's path, or undefined when `pathname` names none (see `slugOfPath`). */
export function detailEndpoint(pathname: string): CatalogEndpoint | undefined {
  const slug = slugOfPath(pathname);
  return slug === undefined ? undefined : () => detailAnswer(slug);
}

/**
 * The slug that `pathname` names, percent-decoded: undefined when it is not under `/api/plugins/`, when an escape is
 * malformed, when the slug is empty or when a `/` follows it, escaped or not.
 */
export function slugOfPath(pathname: string): string | undefined {
  if (!pathname.startsWith(PLUGIN_PATH_PREFIX)) return undefined;
  let slug: string;
  try {
    slug = decodeURIComponent(pathname.slice(PLUGIN_PATH_PREFIX.length));
  } catch {
    return undefined;
  }
  return slug === "" || slug.includes("/") ? undefined : slug;
}

/** @throws HttpProblem 404 when `slug` could be no plugin's: that needs no catalog to tell. */
function detailAnswer(slug: string): CatalogAnswer {
  if (!SLUG.test(slug)) throw unknownPlugin(slug, " (a slug is made of a-z, 0-9, '.', '_', '~' and '-')");
  // The file's name carries its content hash: the ETag changes with the detail, whatever the build id does.
  const key = (catalog: Catalog) => `plugin:${slug}@${catalog.details.fileOf(slug) ?? ""}`;
  return {
    key,
    lookedUpFirst: true,
    body: (catalog) =>
      catalog.answers.get(key(catalog), async () => {
        const body = await catalog.details.body(slug);
        if (body === undefined) throw unknownPlugin(slug, "");
        return body;
      }),
  };
}

function unknownPlugin(slug: string, why: string): HttpProblem {
  return new HttpProblem(404, `No plugin of this catalog has the slug ${JSON.stringify(cutText(slug, ECHOED_SLUG_LENGTH))}${why}.`);
}
