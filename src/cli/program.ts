/**
 * The command line, parsed once by commander. `run` never exits the process:
 * it returns the exit code (0 ok, 1 failure, 2 usage error), so tests can
 * drive it in-process and the bin file stays a few lines.
 */
import { stat } from "node:fs/promises";
import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { DEFAULT_HOST, HOSTS, type Host } from "../init/catalog-repository.js";
import { siteRoot } from "../site/feeds/site-url.js";
import { parseDisplayNamePath } from "../upstream/registry/display-name.js";
import { buildCommand } from "./commands/build.js";
import { initCommand } from "./commands/init.js";
import { queryCommand } from "./commands/query.js";
import { type ReportOptions, reportCommand } from "./commands/report.js";
import { serveCommand } from "./commands/serve.js";
import { CliError, type CliIo } from "./io.js";

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

const DEFAULT_CONFIG = "plugin-catalog.config.json";

interface InitCliOptions {
  keyword: string[];
  category?: string[];
  webUiKeyword?: string[];
  displayName?: string[];
  host: Host;
  force?: boolean;
  compatHost?: string;
  compatRange?: string[];
}

interface BuildCliOptions {
  config: string;
  snapshot?: string;
  out: string;
  previous?: string;
  maxDrop: number;
  registry: string | undefined;
  githubUrl: string;
  gitlabUrl: string;
  timeout: number;
  searchInterval: number;
  report?: string;
  siteUrl?: string;
}

export async function run(argv: readonly string[], io: CliIo, version: string, env: NodeJS.ProcessEnv = {}): Promise<number> {
  const program = createProgram(io, version, env);
  try {
    await program.parseAsync(argv, { from: "user" });
    return EXIT_OK;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
    const verbose = program.opts<{ verbose?: boolean }>().verbose === true;
    io.stderr(`plugin-catalog: ${oneLine(error)}\n`);
    if (verbose && error instanceof Error && error.stack) io.stderr(`${error.stack}\n`);
    return EXIT_FAILURE;
  }
}

function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s*\n\s*/g, " ");
}

function createProgram(io: CliIo, version: string, env: NodeJS.ProcessEnv): Command {
  const program = new Command("plugin-catalog")
    .description("Build, serve and query a plugin catalog: a read-only JSON API over npm plugins.")
    .version(version)
    .option("--verbose", "print stack traces on failure")
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .showHelpAfterError("(run with --help for usage)");

  program
    .command("build")
    .description("fetch the catalog (or read a snapshot) and write the deployable site to --out, replacing it whole")
    .option("--config <file>", "catalog configuration (JSON); with --snapshot, only its categories, when given", DEFAULT_CONFIG)
    .option("--snapshot <file>", "build from this catalog snapshot instead of fetching")
    .option("--out <dir>", "site directory to write", "dist")
    .option("--previous <dir|url>", "yesterday's deployed site, for fallback counts and conditional requests (default: --out)")
    .option(
      "--max-drop <share>",
      "refuse to replace a catalog that lost more than this share of its plugins (e.g. 10% or 0.1)",
      parseShare,
      0.1,
    )
    .option("--registry <url>", "npm registry (default: the registry npm is configured with)")
    .option("--github-url <url>", "GitHub API root (GraphQL at /graphql)", "https://api.github.com")
    .option("--gitlab-url <url>", "GitLab instance root (REST under /api/v4, GraphQL at /api/graphql)", "https://gitlab.com")
    .option("--timeout <ms>", "per-request timeout in milliseconds", parseWholeNumber, 30_000)
    .option("--search-interval <ms>", "pause between two registry search pages", parseWholeNumber, 500)
    .option("--report <file>", "also write the build report (JSON) to this file, even when the build is refused")
    .option(
      "--site-url <url>",
      "the site's public URL, its path included (e.g. https://owner.github.io/repo/): the build writes Atom feeds linking to it (wins over siteUrl in the config)",
      parseSiteUrl,
    )
    .addHelpText(
      "after",
      "\nTokens come from the environment only: GITHUB_TOKEN (GraphQL needs one; without it GitHub is read through REST) and GITLAB_TOKEN.",
    )
    .action((options: BuildCliOptions, command: Command) =>
      buildCommand(
        {
          out: options.out,
          config: options.config,
          maxDrop: options.maxDrop,
          registry: options.registry,
          githubUrl: options.githubUrl,
          configGiven: command.getOptionValueSource("config") === "cli",
          gitlabUrl: options.gitlabUrl,
          timeoutMs: options.timeout,
          searchIntervalMs: options.searchInterval,
          ...(options.snapshot === undefined ? {} : { snapshot: options.snapshot }),
          ...(options.previous === undefined ? {} : { previous: options.previous }),
          ...(options.report === undefined ? {} : { reportFile: options.report }),
          ...(options.siteUrl === undefined ? {} : { siteUrl: options.siteUrl }),
        },
        io,
        env,
        `plugin-catalog/${version}`,
      ),
    );

  program
    .command("report")
    .description("print the summary of a build report (the JSON that build --report writes)")
    .argument("<file>", "build report (JSON)")
    .option("--markdown <file>", 'also append the summary as a Markdown table to this file (e.g. "$GITHUB_STEP_SUMMARY")')
    .action((file: string, options: ReportOptions) => reportCommand(file, options, io));

  program
    .command("serve")
    .description("serve a built site locally: static files, and /api/plugins through the shim")
    .argument("[dir]", "site directory", "dist")
    .option("--port <n>", "port to listen on (0: any free port)", parsePort, 8080)
    .option("--host <host>", "address to listen on", "127.0.0.1")
    .action((dir: string, options: { port: number; host: string }) => serveCommand({ dir, ...options }, io));

  program
    .command("query")
    .description("answer one API query from a site directory, printing the HTTP body on stdout")
    .argument("[dir]", "site directory (default: dist)")
    .argument("[query]", "query string, e.g. 'q=charts&sort=recent'")
    .action(async (first: string | undefined, second: string | undefined) => {
      const [dir, query] = await queryArguments(first, second);
      await queryCommand(dir, query, io);
    });

  program
    .command("init")
    .description("write a new catalog repository into DIR (config, daily build-and-deploy workflow, README) and print the next steps")
    .argument("<dir>", "directory to write; it must not exist or be empty (see --force)")
    .addOption(
      new Option("--keyword <keyword>", "registry keyword whose packages are the catalog (repeat for more; at least one)")
        .argParser(repeatable(parseWord))
        .makeOptionMandatory(),
    )
    .option("--category <tag>", "a tag that /api/facets counts (repeat for more)", repeatable(parseWord))
    .option("--web-ui-keyword <keyword>", "a keyword that marks a plugin with a web UI (repeat for more)", repeatable(parseWord))
    .option(
      "--display-name <path>",
      "dotted path in a manifest where the display name is, e.g. signalk.displayName (repeat; the first found wins; default: displayName)",
      repeatable(parseDisplayName),
    )
    .option(
      "--compat-host <package>",
      "the npm package of the host the plugins run in (e.g. node-red): the API's compat filter keeps those that run on a version of it",
      parsePackageName,
    )
    .option(
      "--compat-range <path>",
      "dotted path in a manifest where a plugin says which host versions it runs on, e.g. engines.node-red (repeat; the first found wins; default: engines.<host>)",
      repeatable(parseDisplayName),
    )
    .addOption(new Option("--host <host>", "where the daily workflow publishes the site").choices(HOSTS).default(DEFAULT_HOST))
    .option("--force", "write into DIR even when it is not empty (files of the same names are replaced)")
    .addHelpText(
      "after",
      [
        "",
        "Hosts:",
        "  github-pages  (default) free, no account beyond GitHub, where Signal K publishes",
        "                today: the explorer, the catalog files and catalog/client.js (the",
        "                API computed in the browser); no HTTP API for other callers",
        "  cloudflare    Cloudflare Workers: the HTTP API as well (a Cloudflare account;",
        "                the Free plan fits about 10,000 plugins)",
        "",
        "Example, the Signal K catalog (README.md has the whole command):",
        "  plugin-catalog init signalk-catalog --keyword signalk-node-server-plugin \\",
        "    --keyword signalk-webapp --category signalk-category-ais \\",
        "    --web-ui-keyword signalk-webapp --display-name signalk.displayName \\",
        "    --display-name displayName",
        "",
        "Example, a Node-RED catalog whose compat filter knows Node-RED's versions:",
        "  plugin-catalog init node-red-catalog --keyword node-red \\",
        "    --compat-host node-red --compat-range node-red.version --compat-range engines.node-red",
      ].join("\n"),
    )
    .action((dir: string, options: InitCliOptions, command: Command) =>
      initCommand(
        {
          dir,
          keywords: options.keyword,
          categories: options.category ?? [],
          webUiKeywords: options.webUiKeyword ?? [],
          displayName: options.displayName ?? [],
          host: options.host,
          force: options.force === true,
          ...compatibilityOf(options, command),
        },
        io,
      ),
    );

  for (const command of program.commands) command.exitOverride().configureOutput({ writeOut: io.stdout, writeErr: io.stderr });
  return program;
}

/** `--compat-host` and its ranges (by default `engines.<host>`, where npm's own `engines` field would name it). */
function compatibilityOf(options: InitCliOptions, command: Command): { compatibility?: { host: string; ranges: string[] } } {
  if (options.compatHost === undefined) {
    if (options.compatRange !== undefined) command.error("error: --compat-range needs --compat-host, the host whose versions it names");
    return {};
  }
  return { compatibility: { host: options.compatHost, ranges: options.compatRange ?? [`engines.${options.compatHost}`] } };
}

/** `query 'q=x'` and `query DIR` both work: a lone argument is the directory only if it is one. */
async function queryArguments(first: string | undefined, second: string | undefined): Promise<[string, string]> {
  if (second !== undefined) return [first ?? "dist", second];
  if (first === undefined) return ["dist", ""];
  const isDirectory = await stat(first).then(
    (s) => s.isDirectory(),
    () => false,
  );
  return isDirectory && !first.includes("=") ? [first, ""] : ["dist", first];
}

/** A repeatable option's parser: each value parsed, appended to the ones before. */
function repeatable(parse: (value: string) => string): (value: string, previous: string[] | undefined) => string[] {
  return (value, previous) => [...(previous ?? []), parse(value)];
}

/** A registry keyword or tag as the config takes it: not empty, no white space or control characters. */
function parseWord(value: string): string {
  if (!/^[^\s\p{Cc}]+$/u.test(value)) throw new InvalidArgumentError("expected a word: not empty, no white space");
  return value;
}

/** A name npm could have published (legacy capitals included), as the config takes it. */
const NPM_NAME = /^(?:@[A-Za-z0-9~-][\w.~-]*\/)?[A-Za-z0-9~-][\w.~-]*$/;

function parsePackageName(value: string): string {
  if (value.length > 214 || !NPM_NAME.test(value))
    throw new InvalidArgumentError('expected an npm package name such as "node-red" or "@scope/name"');
  return value;
}

function parseDisplayName(value: string): string {
  if (parseDisplayNamePath(value) === undefined)
    throw new InvalidArgumentError("expected a dotted path such as signalk.displayName: keys joined by single dots, no white space");
  return value;
}

function parseSiteUrl(value: string): string {
  const root = siteRoot(value);
  if ("problem" in root)
    throw new InvalidArgumentError(`${root.problem}; expected the site's public http(s) URL, e.g. https://owner.github.io/repo/`);
  return root.root;
}

function parseShare(value: string): number {
  const share = value.endsWith("%") ? Number(value.slice(0, -1)) / 100 : Number(value);
  if (value.trim() === "" || !Number.isFinite(share) || share < 0 || share > 1)
    throw new InvalidArgumentError("expected a share from 0 to 1, or a percentage such as 10%");
  return share;
}

function parseWholeNumber(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError("expected a whole number");
  return Number(value);
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new InvalidArgumentError("expected a port number from 0 to 65535");
  return port;
}

export { CliError };
