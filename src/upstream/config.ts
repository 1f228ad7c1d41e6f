/**
 * The catalog configuration (docs/API.md#configuration): which packages are
 * members, how their records are derived, and what is known about them
 * beyond the registry. Validated strictly: a misspelt key is an error, not a
 * silently ignored setting.
 */
import { readFile } from "node:fs/promises";
import { z } from "zod";
import { DEFAULT_DISPLAY_NAME_PATHS, parseDisplayNamePath } from "./registry/display-name.js";

const name = z.string().trim().min(1, "must not be empty");
const repositoryUrl = z
  .string()
  .regex(
    /^https:\/\/(github\.com|gitlab\.com)\/[^/\s]+(\/[^/\s]+)+$/,
    "must be an https://github.com/… or https://gitlab.com/… repository URL",
  );

/**
 * A name npm could have published, legacy capitals included: at most 214 characters of `A-Z a-z 0-9 . _ ~ -`, not
 * starting with `.` or `_`, with an optional `@scope/`.
 */
const NPM_NAME = /^(?:@[A-Za-z0-9~-][\w.~-]*\/)?[A-Za-z0-9~-][\w.~-]*$/;
const packageName = z
  .string()
  .max(214, "must be an npm package name of at most 214 characters")
  .regex(NPM_NAME, 'must be an npm package name such as "node-red" or "@scope/name"');

/** The site's public URL, for links that leave the site (feeds): an absolute http(s) URL. */
const siteUrl = z.string().superRefine((value, ctx) => {
  if (!isHttpUrl(value))
    ctx.addIssue({ code: "custom", message: `${JSON.stringify(value)} is not an http(s) URL such as "https://plugins.example.org/"` });
});

export const configSchema = z.strictObject({
  keywords: z.array(name).min(1, "must name at least one registry keyword"),
  categories: z.array(name).default([]),
  webUiKeywords: z.array(name).default([]),
  exclude: z.array(name).default([]),
  displayName: z.array(displayNamePath()).default([...DEFAULT_DISPLAY_NAME_PATHS]),
  mirrors: z.record(name, z.array(repositoryUrl)).default({}),
  compatibility: z
    .strictObject({
      host: packageName,
      ranges: z.array(displayNamePath()).min(1, 'must name at least one dotted path into the manifest, e.g. "engines.node-red"'),
    })
    .optional(),
  siteUrl: siteUrl.optional(),
});

function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(value)) return false;
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** A dotted path into the manifest; the message quotes the path, so the one at fault is named. */
function displayNamePath() {
  return z.string().superRefine((path, ctx) => {
    if (parseDisplayNamePath(path) === undefined) {
      const message = `${JSON.stringify(path)} is not a dotted path (keys joined by single dots, none empty, no white space)`;
      ctx.addIssue({ code: "custom", message });
    }
  });
}

export type CatalogConfig = z.infer<typeof configSchema>;

const ACCEPTED_KEYS =
  "Accepted keys: keywords (non-empty array of strings), categories, webUiKeywords, exclude (arrays of strings), " +
  'displayName (array of dotted paths into the manifest, e.g. "signalk.displayName"), ' +
  "mirrors (object: package name → array of GitHub/GitLab repository URLs), " +
  'compatibility ({ "host": npm package of the host, "ranges": array of dotted paths such as "engines.node-red" }), ' +
  "siteUrl (the site's public http(s) URL)";

export class ConfigError extends Error {
  override name = "ConfigError";
}

export async function readConfig(path: string): Promise<CatalogConfig> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
    throw new ConfigError(`cannot read config ${path}: ${missing ? "no such file (pass --config FILE)" : (error as Error).message}`);
  }
  return parseConfig(text, path);
}

export function parseConfig(text: string, source: string): CatalogConfig {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`config ${source} is not valid JSON: ${(error as Error).message}`);
  }
  const result = configSchema.safeParse(data);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : "(top level)"}: ${issue.message}`);
  throw new ConfigError(`config ${source} is invalid: ${problems.join("; ")}. ${ACCEPTED_KEYS}`);
}
