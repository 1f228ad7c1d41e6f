/**
 * The catalog configuration (CONTRACT section 5): which packages are members
 * and what is known about them beyond the registry. Validated strictly: a
 * misspelt key is an error, not a silently ignored setting.
 */
import { readFile } from "node:fs/promises";
import { z } from "zod";

const name = z.string().trim().min(1, "must not be empty");
const repositoryUrl = z.string().regex(/^https:\/\/(github\.com|gitlab\.com)\/[^/\s]+(\/[^/\s]+)+$/, "must be an https://github.com/… or https://gitlab.com/… repository URL");

export const configSchema = z.strictObject({
  keywords: z.array(name).min(1, "must name at least one registry keyword"),
  categories: z.array(name).default([]),
  webUiKeywords: z.array(name).default([]),
  exclude: z.array(name).default([]),
  mirrors: z.record(name, z.array(repositoryUrl)).default({}),
});

export type CatalogConfig = z.infer<typeof configSchema>;

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
  throw new ConfigError(`config ${source} is invalid: ${problems.join("; ")}. Accepted keys: keywords (non-empty array of strings), categories, webUiKeywords, exclude (arrays of strings), mirrors (object: package name → array of GitHub/GitLab repository URLs)`);
}
