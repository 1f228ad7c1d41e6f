/**
 * The files of a new catalog repository (`plugin-catalog init`): its config,
 * package.json, daily workflow, README and .gitignore, from
 * `templates/init/`. Values from the command line never reach the workflow
 * (it has no placeholder), the JSON files are serialized rather than
 * templated, and in the README every value is a Markdown code span.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { packageRoot } from "../publish/package-root.js";
import { parseConfig } from "../upstream/config.js";
import { DEFAULT_DISPLAY_NAME_PATHS } from "../upstream/registry/display-name.js";

export const HOSTS = ["github-pages", "cloudflare"] as const;
export type Host = (typeof HOSTS)[number];

/** GitHub Pages: free, needs no account beyond GitHub, and is where Signal K publishes today. */
export const DEFAULT_HOST: Host = "github-pages";

const HOST_NAMES: Record<Host, string> = { "github-pages": "GitHub Pages", cloudflare: "Cloudflare Workers" };

export interface CatalogSettings {
  readonly keywords: readonly string[];
  readonly categories: readonly string[];
  readonly webUiKeywords: readonly string[];
  /** Empty: the default paths. */
  readonly displayName: readonly string[];
  readonly host: Host;
  /** The new repository's package name. */
  readonly name: string;
  /** The host plugins run in and where they declare which of its versions (`compat`); absent: none. */
  readonly compatibility?: { readonly host: string; readonly ranges: readonly string[] };
}

/** What the generated repository pins: the running plugin-catalog, and the wrangler it deploys with. */
export interface Product {
  readonly version: string;
  readonly wranglerVersion: string;
}

const TEMPLATES = join(packageRoot(), "templates", "init");

export async function readProduct(): Promise<Product> {
  const manifest = JSON.parse(await readFile(join(packageRoot(), "package.json"), "utf8")) as {
    version: string;
    devDependencies?: Record<string, string>;
  };
  const wranglerVersion = manifest.devDependencies?.["wrangler"];
  if (wranglerVersion === undefined) throw new Error("plugin-catalog's package.json pins no wrangler");
  return { version: manifest.version, wranglerVersion };
}

/** Path (relative to the new repository) → content, in the order they are listed to the user. */
export async function catalogRepositoryFiles(settings: CatalogSettings, product: Product): Promise<Map<string, string>> {
  const template = (path: string) => readFile(join(TEMPLATES, path), "utf8");
  return new Map([
    ["package.json", packageJson(settings, product)],
    ["plugin-catalog.config.json", configJson(settings)],
    [".github/workflows/daily.yml", await template(`${settings.host}/daily.yml`)],
    ["README.md", await readme(settings, product, template)],
    [".gitignore", await template("common/gitignore")],
  ]);
}

function packageJson(settings: CatalogSettings, product: Product): string {
  const manifest = {
    name: settings.name,
    private: true,
    description: `Plugin catalog of the npm packages with the keyword ${settings.keywords.join(", ")}`,
    scripts: {
      build: "plugin-catalog build --config plugin-catalog.config.json --out dist",
      serve: "plugin-catalog serve dist",
    },
    dependencies: { "plugin-catalog": product.version },
    ...(settings.host === "cloudflare" ? { devDependencies: { wrangler: product.wranglerVersion } } : {}),
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

function configJson(settings: CatalogSettings): string {
  const config = {
    keywords: settings.keywords,
    categories: settings.categories,
    webUiKeywords: settings.webUiKeywords,
    displayName: settings.displayName.length > 0 ? settings.displayName : DEFAULT_DISPLAY_NAME_PATHS,
    exclude: [],
    mirrors: {},
    ...(settings.compatibility === undefined ? {} : { compatibility: settings.compatibility }),
  };
  // Never write a config that the build would refuse.
  parseConfig(JSON.stringify(config), "the new plugin-catalog.config.json");
  return `${JSON.stringify(config, null, 2)}\n`;
}

async function readme(settings: CatalogSettings, product: Product, template: (path: string) => Promise<string>): Promise<string> {
  const own = { VERSION: code(`plugin-catalog@${product.version}`), WRANGLER_VERSION: product.wranglerVersion };
  const fragment = async (name: string) => fill(await template(`${settings.host}/${name}`), own).trimEnd();
  const displayName = settings.displayName.length > 0 ? settings.displayName : DEFAULT_DISPLAY_NAME_PATHS;
  return fill(await template("common/README.md"), {
    ...own,
    KEYWORDS: codeList(settings.keywords, "or"),
    CATEGORIES: settings.categories.length > 0 ? codeList(settings.categories, "and") : "none yet",
    WEB_UI:
      settings.webUiKeywords.length > 0
        ? `a plugin has a web UI when its keywords include ${codeList(settings.webUiKeywords, "or")}`
        : "no plugin is marked as having a web UI (`webUiKeywords` is empty)",
    DISPLAY_NAME: codeList(displayName, "or"),
    COMPATIBILITY: compatibilityLine(settings.compatibility),
    HOST_NAME: HOST_NAMES[settings.host],
    PACKAGE_EXTRA: settings.host === "cloudflare" ? ` and \`wrangler\`, the deploy tool` : "",
    HOST_UPGRADE_INSTALL: settings.host === "cloudflare" ? WRANGLER_UPGRADE : "",
    FIRST_DEPLOY: await fragment("first-deploy.md"),
    HOST_UPGRADE: await fragment("upgrade.md"),
    HOST_SECTION: await fragment("host.md"),
  });
}

/** A new plugin-catalog may deploy with a newer wrangler: the one it pins. */
const WRANGLER_UPGRADE = ` Then the wrangler it deploys with (name
   the same version in place of \`latest\`):
   \`npm install --save-dev wrangler@$(npm view plugin-catalog@latest devDependencies.wrangler)\`.`;
function compatibilityLine(compatibility: CatalogSettings["compatibility"]): string {
  if (compatibility === undefined) return "no host is named (`compatibility`), so the API's `compat` filter is not offered";
  const [host, ranges] = [code(compatibility.host), codeList(compatibility.ranges, "or")];
  return `the plugins run in ${host}: a plugin's ${ranges} says which of its versions it runs on, and \`compat=VERSION\` keeps those that run on that version of ${host}`;
}

/** `{{NAME}}` → its value, in one pass: a value is never searched for placeholders itself. */
export function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (placeholder, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`the template's ${placeholder} has no value`);
    return value;
  });
}

/** A Markdown code span that shows `text` as it is, backticks included (CommonMark: a longer fence, padded). */
export function code(text: string): string {
  const longestRun = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longestRun + 1);
  const pad = text.startsWith("`") || text.endsWith("`") ? " " : "";
  return `${fence}${pad}${text}${pad}${fence}`;
}

function codeList(items: readonly string[], conjunction: "and" | "or"): string {
  const spans = items.map(code);
  return spans.length <= 1 ? (spans[0] ?? "") : `${spans.slice(0, -1).join(", ")} ${conjunction} ${spans.at(-1)}`;
}

/** A valid npm package name from a directory's name; never `plugin-catalog`, which npm refuses as its own dependency. */
export function packageNameFor(directoryName: string): string {
  const name = directoryName
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, "-")
    .replace(/^[._-]+|[._-]+$/g, "")
    .slice(0, 214);
  return name === "" || name === "plugin-catalog" ? "plugin-catalog-site" : name;
}

/** What to do next, numbered and short: the README has the details. */
export function nextSteps(dir: string, host: Host): string[] {
  const common = [`cd ${shellWord(dir)} && npm install   # writes package-lock.json`, "Push it to a new GitHub repository"];
  const rest =
    host === "github-pages"
      ? ["Settings → Pages → Source: GitHub Actions", "Actions → Daily catalog → Run workflow, with first-build checked"]
      : [
          "Set the repository's variables and secrets (README.md, step 6)",
          "Actions → Daily catalog → Run workflow, with first-build checked",
          "Set the variable SITE_URL to the site's address",
        ];
  return [...common, ...rest];
}

/** A path as a shell word: as it is when that is safe, else single-quoted. */
function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}

export function hostName(host: Host): string {
  return HOST_NAMES[host];
}
