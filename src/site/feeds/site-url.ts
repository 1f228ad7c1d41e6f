/**
 * The site's public URL, as feeds name it (`--site-url`, or `siteUrl` in the
 * configuration): an absolute http(s) URL of the site's root, its path
 * included, ending in `/`.
 */

/**
 * The root URL, or why `value` is none: not http(s), with credentials, a query or a fragment (which the links built
 * on it would carry along).
 * @example
 * siteRoot("https://owner.github.io/repo") // { root: "https://owner.github.io/repo/" }
 */
export function siteRoot(value: string): { readonly root: string } | { readonly problem: string } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problem: `${JSON.stringify(value)} is not an absolute URL` };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { problem: `${JSON.stringify(value)} is not an http(s) URL` };
  if (url.username !== "" || url.password !== "") return { problem: `${JSON.stringify(value)} holds credentials` };
  if (url.search !== "" || url.hash !== "") return { problem: `${JSON.stringify(value)} has a query or a fragment` };
  // From its parts: `href` would keep an empty query's "?".
  return { root: `${url.origin}${url.pathname.endsWith("/") ? url.pathname : `${url.pathname}/`}` };
}

/** The root without its scheme and final `/`, as feed titles name the site: `owner.github.io/repo`. */
export function siteLabel(root: string): string {
  return root.replace(/^https?:\/\//, "").replace(/\/$/, "");
}
