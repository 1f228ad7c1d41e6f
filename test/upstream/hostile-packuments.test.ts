/**
 * Issue 19 point 6, as a property — contract section 5 "Untrusted input": a packument of any
 * shape that parses as JSON yields a record within the bounds or is left out with its reason,
 * and no package fails the build, grows the site beyond its share or touches another's record.
 *
 * Each run mixes six to eight hostile packuments into the same 32 packages (ordinary ones, some
 * deprecated or unpublished as the world makes them): one over every bound at once, one claiming
 * another member's name, one naming a `..` repository, and the rest generated (huge and odd
 * strings, deep nesting, prototype keys, every field of the wrong type, Markdown bombs, hostile
 * GitHub counts). It runs the real `build` against the fakes without a GitHub token (REST; the
 * end-to-end test takes GraphQL). One build without the hostile packages is the reference. A run
 * is a real build, so runs are few and a failure is not shrunk.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorld, type PackageRecord, RawJson, type World } from "../fakes/index.js";
import { packumentOf } from "../fakes/packument.js";
import {
  LIMITS,
  MAX_FILE_BYTES,
  modelClean,
  modelCut,
  modelTags,
  type RawSite,
  readRawSite,
  type SiteSize,
  siteProblems,
  siteSize,
  textOfDistinctWords,
  wireRecords,
} from "./hostile.js";
import { describeRun, removeDir, runBuild, Scratch, type SnapshotPlugin, writeConfig } from "./support.js";

const KEYWORD = "acme-plugin";
/** Slot 0 is over every bound, 1 claims another member's name, 2 names a `..` repository; the rest are anything. */
const SLOTS = 8;
const SEED = 619;
const NUM_RUNS = 8;
/** What one plugin may add to the site at most: one README at its bound indexed (measured 0.75 MB), its tags' and logins' sets. */
const PLUGIN_SHARE_BYTES = 1 << 20;

// ---------------------------------------------------------------------------
// Hostile values, as small specs made big only when a run builds its packuments
// ---------------------------------------------------------------------------

/** `unit` repeated `count` times: 10^6 characters without fast-check drawing them one by one. */
interface Repeat {
  unit: string;
  count: number;
}

type ValueSpec =
  | { kind: "text"; parts: Repeat[] }
  | { kind: "json"; value: unknown }
  | { kind: "deep"; depth: number; shape: "array" | "object" }
  | { kind: "list"; length: number; items: ValueSpec[] }
  | { kind: "object"; fields: Record<string, ValueSpec> }
  /** `length` distinct strings `<prefix><i>` (as `{ name }` for people), after `first` if given. */
  | { kind: "series"; prefix: string; length: number; as: "string" | "person"; first?: string }
  | { kind: "words"; bytes: number }
  /** The name of an ordinary member: a packument that claims another package's name. */
  | { kind: "member" }
  | { kind: "missing" };

const ODD_UNITS = [
  "a",
  "Zz ",
  "word ",
  "\u0000",
  "\u0007",
  "\u001b[31m",
  "\u0085",
  "\ud800",
  "\udc00",
  "\udbff",
  "😀",
  "👩‍👩‍👧",
  "\u202e",
  "\u200f",
  "مرحبا",
  "<script>alert(1)</script>",
  '<img src=x onerror="alert(1)">',
  "__proto__",
  "…",
  "\t",
  "\n",
  "\r\n",
  "e\u0301",
  ",",
  " ",
];
const MARKDOWN_UNITS = [">", "> ", "_a", "*a", "**", "[", "[a](", "`", "<div>", "- ", "  ", "\n>", "![", "|", "#"];

const repeat = (units: readonly string[], maxCount: number): fc.Arbitrary<Repeat> =>
  fc.record({ unit: fc.constantFrom(...units), count: fc.integer({ min: 1, max: maxCount }) });

/** Up to a few hundred characters of odd units. */
const shortOddText: fc.Arbitrary<ValueSpec> = fc
  .array(repeat(ODD_UNITS, 40), { minLength: 1, maxLength: 6 })
  .map((parts): ValueSpec => ({ kind: "text", parts }));

/** 10^5 to 10^6 characters of one or two odd units. */
const hugeOddText: fc.Arbitrary<ValueSpec> = fc
  .array(
    fc
      .record({ unit: fc.constantFrom(...ODD_UNITS), chars: fc.integer({ min: 100_000, max: 1_000_000 }) })
      .map(({ unit, chars }): Repeat => ({ unit, count: Math.ceil(chars / unit.length) })),
    { minLength: 1, maxLength: 2 },
  )
  .map((parts): ValueSpec => ({ kind: "text", parts }));

/** Mostly short, now and then 10^5 to 10^6 characters. */
const oddText = fc.oneof({ weight: 5, arbitrary: shortOddText }, { weight: 1, arbitrary: hugeOddText });

const text = (value: string): ValueSpec => ({ kind: "text", parts: [{ unit: value, count: 1 }] });
const json = (value: unknown): ValueSpec => ({ kind: "json", value });

const wrongType: fc.Arbitrary<ValueSpec> = fc.oneof(
  fc
    .constantFrom<unknown>(
      42,
      -1,
      1.5,
      1e300,
      true,
      null,
      [],
      {},
      [1, "a", null],
      { type: 42 },
      { name: ["x"] },
      JSON.parse('{"__proto__": {"polluted": 1}}'),
    )
    .map(json),
  fc.jsonValue({ maxDepth: 3 }).map(json),
  fc
    .record({ depth: fc.integer({ min: 10_000, max: 100_000 }), shape: fc.constantFrom("array" as const, "object" as const) })
    .map((d): ValueSpec => ({ kind: "deep", ...d })),
  fc.constant<ValueSpec>({ kind: "missing" }),
);

const anyValue = fc.oneof({ weight: 2, arbitrary: oddText }, { weight: 2, arbitrary: wrongType });

const hugeList = (items: fc.Arbitrary<ValueSpec>, max: number): fc.Arbitrary<ValueSpec> =>
  fc
    .record({ length: fc.integer({ min: 0, max }), items: fc.array(items, { minLength: 1, maxLength: 8 }) })
    .map(({ length, items: cycle }): ValueSpec => ({ kind: "list", length, items: cycle }));

const PROTO_NAMES = ["__proto__", "constructor", "hasOwnProperty", "toString", "valueOf", "__defineGetter__"];
const protoName = fc.constantFrom(...PROTO_NAMES).map(text);

/** `{ name }` as the registry keeps people, the name anything. */
const person = fc.oneof(protoName, shortOddText, wrongType).map((name): ValueSpec => ({ kind: "object", fields: { name } }));

/** What a field gets, by field: the cases the issue names, and anything at all. */
const FIELD_VALUES: Record<string, fc.Arbitrary<ValueSpec>> = {
  description: anyValue,
  displayName: anyValue,
  keywords: fc.oneof(
    hugeList(fc.oneof(shortOddText, protoName, wrongType, fc.constant(text(KEYWORD))), 20_000),
    oddText,
    wrongType,
    fc.array(protoName, { minLength: 1, maxLength: 6 }).map((items): ValueSpec => ({ kind: "list", length: items.length, items })),
  ),
  license: anyValue,
  licenses: fc.oneof(
    hugeList(
      fc.oneof(
        shortOddText,
        wrongType,
        shortOddText.map((type): ValueSpec => ({ kind: "object", fields: { type } })),
      ),
      10_000,
    ),
    wrongType,
  ),
  homepage: fc.oneof(
    fc
      .constantFrom(
        "javascript:alert(1)",
        "data:text/html,<script>alert(1)</script>",
        "http://a b.example.org/",
        ` https://padded.example.org/ `,
        `https://long.example.org/${"a".repeat(2_100)}`,
        `https://fits.example.org/${"a".repeat(2_000)}`,
        "https://ok.example.org/\u0000x",
        "HTTPS://UPPER.EXAMPLE.ORG/",
        "ftp://example.org/",
        "//example.org/",
      )
      .map(text),
    anyValue,
  ),
  repository: fc.oneof(
    fc
      .constantFrom<unknown>(
        "github:../../x",
        "github:__proto__/constructor",
        "gitlab:../x",
        ["github:a/b"],
        { url: 42 },
        { url: "git+https://github.com/../x.git" },
        { type: "git", url: "https://github.com/a b/c" },
      )
      .map(json),
    anyValue,
  ),
  bugs: anyValue,
  _npmUser: fc.oneof(anyValue, person),
  maintainers: fc.oneof(hugeList(fc.oneof(person, protoName, wrongType), 10_000), wrongType, oddText),
  readme: fc.oneof(
    fc.integer({ min: 1 << 20, max: 12 << 20 }).map((bytes): ValueSpec => ({ kind: "words", bytes })),
    fc.array(repeat(MARKDOWN_UNITS, 200_000), { minLength: 1, maxLength: 3 }).map((parts): ValueSpec => ({ kind: "text", parts })),
    anyValue,
  ),
};

type Target = "manifest" | "doc" | "time" | "dist-tags" | "versions";

interface Patch {
  target: Target;
  /** A field name, or `@latest` for the latest version's key. */
  key: string;
  value: ValueSpec;
}

/** Read from the packument, not the manifest (maintainers: both). */
const DOC_FIELDS = new Set(["maintainers", "readme"]);

const manifestPatch: fc.Arbitrary<Patch> = fc
  .constantFrom(...Object.keys(FIELD_VALUES), "__proto__", "constructor", "hasOwnProperty")
  .chain((key) =>
    ((Object.hasOwn(FIELD_VALUES, key) ? FIELD_VALUES[key] : undefined) ?? anyValue).map(
      (value): Patch => ({ target: DOC_FIELDS.has(key) ? "doc" : "manifest", key, value }),
    ),
  );

const otherPatch: fc.Arbitrary<Patch> = fc.oneof(
  fc.record({
    target: fc.constant<Target>("doc"),
    key: fc.constantFrom("name", "__proto__", "hasOwnProperty"),
    value: fc.oneof(anyValue, protoName, fc.constant<ValueSpec>({ kind: "member" })),
  }),
  fc.record({
    target: fc.constant<Target>("time"),
    key: fc.constantFrom("created", "@latest", "modified", "__proto__"),
    value: fc.oneof(
      fc
        .constantFrom(
          "+010000-01-01T00:00:00.000Z",
          "10000-01-01T00:00:00Z",
          "2020-02-30T00:00:00Z",
          "not a date",
          "0000-01-01T00:00:00.000Z",
        )
        .map(text),
      wrongType,
    ),
  }),
  fc.record({
    target: fc.constant<Target>("dist-tags"),
    key: fc.constant("latest"),
    value: fc.oneof(fc.constantFrom("9.9.9-missing", "__proto__", "constructor").map(text), anyValue),
  }),
  fc.record({
    target: fc.constant<Target>("versions"),
    key: fc.constantFrom("@latest", "__proto__"),
    value: fc.constantFrom<unknown>(42, [], "x", null, [{}]).map(json),
  }),
);

const badCount = fc.constantFrom<unknown>(-5, 1.5, 1e300, "12", null, undefined, 1_000_000_001, Number.MAX_SAFE_INTEGER, -0.5);
const count = fc.oneof(badCount, fc.constant(3));

interface HostileSpec {
  patches: Patch[];
  /** The latest version renamed to this text (in `versions`, `time` and `dist-tags`). */
  version?: ValueSpec;
  /** GitHub's REST answer for the package's repository, rewritten, when set. */
  repo: { stars: unknown; forks: unknown; owner: unknown } | undefined;
}

const hostileSpec: fc.Arbitrary<HostileSpec> = fc.record({
  patches: fc.array(fc.oneof({ weight: 8, arbitrary: manifestPatch }, { weight: 1, arbitrary: otherPatch }), {
    minLength: 1,
    maxLength: 5,
  }),
  repo: fc.option(
    fc.record({ stars: count, forks: count, owner: fc.constantFrom<unknown>("a b", "", "__proto__", "x/y", "..", 42, "ok-owner") }),
    { nil: undefined },
  ),
});

/** Units that survive cleaning, so a value built of them stays over its bound once cleaned. */
const PRINTABLE_UNITS = ["a", "Zz ", "word ", "😀", "👩‍👩‍👧", "مرحبا", "<script>alert(1)</script>", "__proto__", "é", "\ud800", "…"];
const printable = (min: number, max: number): fc.Arbitrary<ValueSpec> =>
  fc
    .record({ unit: fc.constantFrom(...PRINTABLE_UNITS), chars: fc.integer({ min, max }) })
    .map(({ unit, chars }): ValueSpec => ({ kind: "text", parts: [{ unit, count: Math.ceil(chars / unit.length) }] }));

/**
 * One package that is over every bound at once and still a member: whichever bound a build lost,
 * every run has a record that shows it.
 */
const boundBuster: fc.Arbitrary<HostileSpec> = fc
  .record({
    displayName: printable(201, 1_000_000),
    description: printable(2_001, 1_000_000),
    license: printable(257, 100_000),
    version: printable(257, 100_000),
    homepage: fc.integer({ min: 2_049, max: 100_000 }).map((n) => text(`https://long.example.org/${"a".repeat(n - 25)}`)),
    keywords: fc.record({
      prefix: fc.constantFrom(...PRINTABLE_UNITS),
      length: fc.integer({ min: 101, max: 20_000 }),
      first: fc.integer({ min: 101, max: 5_000 }).map((n) => "k".repeat(n)),
    }),
    maintainers: fc.record({ prefix: fc.constantFrom(...PRINTABLE_UNITS), length: fc.integer({ min: 101, max: 10_000 }) }),
    readme: fc.integer({ min: 1 << 20, max: 12 << 20 }),
    // A sane owner: the counts alone are wrong, and must cost the package nothing but its stars.
    repo: fc.record({ stars: badCount, forks: badCount, owner: fc.constant("ok-owner") }),
  })
  .map(
    ({ displayName, description, license, version, homepage, keywords, maintainers, readme, repo }): HostileSpec => ({
      patches: [
        { target: "manifest", key: "displayName", value: displayName },
        { target: "manifest", key: "description", value: description },
        { target: "manifest", key: "license", value: license },
        { target: "manifest", key: "homepage", value: homepage },
        { target: "manifest", key: "keywords", value: { kind: "series", as: "string", ...keywords } },
        { target: "doc", key: "maintainers", value: { kind: "series", as: "person", ...maintainers } },
        { target: "doc", key: "readme", value: { kind: "words", bytes: readme } },
      ],
      version,
      repo,
    }),
  );

/** A packument that claims an ordinary member's name, among other things. */
const claimer: fc.Arbitrary<HostileSpec> = fc.array(manifestPatch, { maxLength: 3 }).map((patches) => ({
  patches: [{ target: "doc", key: "name", value: { kind: "member" } }, ...patches],
  repo: undefined,
}));

/** A repository reference with a `.` or `..` segment, among other things: no request may carry it. */
const dotted: fc.Arbitrary<HostileSpec> = fc
  .record({
    patches: fc.array(manifestPatch, { maxLength: 3 }),
    repository: fc.constantFrom(
      "github:../../x",
      "github:../x",
      "gitlab:../x",
      "github:%2e%2e/x",
      "github:a/..",
      "github:./x",
      "gitlab:a/../b",
    ),
  })
  .map(({ patches, repository }) => ({
    patches: [...patches, { target: "manifest", key: "repository", value: text(repository) }],
    repo: undefined,
  }));

// ---------------------------------------------------------------------------
// Making a spec a packument
// ---------------------------------------------------------------------------

/** JSON.stringify cannot write a value nested 100,000 deep: it stands in as a placeholder string, replaced in the text. */
class Materializer {
  readonly deep: string[] = [];

  constructor(private readonly member: string) {}

  value(spec: ValueSpec): unknown {
    switch (spec.kind) {
      case "text":
        return spec.parts.map((part) => part.unit.repeat(part.count)).join("");
      case "json":
        return spec.value;
      case "words":
        return textOfDistinctWords(spec.bytes);
      case "deep": {
        const open = spec.shape === "array" ? "[" : '{"a":';
        const close = spec.shape === "array" ? "]" : "}";
        this.deep.push(`${open.repeat(spec.depth)}${spec.shape === "array" ? "" : "1"}${close.repeat(spec.depth)}`);
        return `@@DEEP${this.deep.length - 1}@@`;
      }
      case "list": {
        const items = spec.items.map((item) => this.value(item));
        return Array.from({ length: spec.length }, (_, i) => items[i % items.length]);
      }
      case "object": {
        const object: Record<string, unknown> = {};
        for (const [key, field] of Object.entries(spec.fields)) put(object, key, this.value(field));
        return object;
      }
      case "series": {
        const items: unknown[] = spec.first === undefined ? [] : [spec.first];
        for (let i = 0; i < spec.length; i++) items.push(spec.as === "person" ? { name: `${spec.prefix}${i}` } : `${spec.prefix}${i}`);
        return items;
      }
      case "member":
        return this.member;
      case "missing":
        return undefined;
    }
  }

  text(doc: unknown): string {
    return this.deep.reduce((out, deep, i) => out.replace(`"@@DEEP${i}@@"`, deep), JSON.stringify(doc));
  }
}

/** An own property, whatever its name (`o.__proto__ = v` would set the prototype); undefined deletes. */
function put(target: unknown, key: string, value: unknown): void {
  if (typeof target !== "object" || target === null) return;
  if (value === undefined) delete (target as Record<string, unknown>)[key];
  else Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

interface Applied {
  /** The latest manifest's fields as sent, for the checks on a member's record (undefined: not sent as an object). */
  manifest: Record<string, unknown> | undefined;
}

/** Makes `pkg` send `spec`'s packument; `member` is an ordinary member's name, for a packument that claims it. */
function applySpec(world: World, pkg: PackageRecord, spec: HostileSpec, slot: number, member: string): Applied {
  const doc = packumentOf(pkg, () => world.readme(pkg)) as Record<string, unknown>;
  const latest = (doc["dist-tags"] as { latest: string }).latest;
  const versions = doc["versions"] as Record<string, unknown>;
  const manifest = versions[latest] as Record<string, unknown>;
  if (spec.repo !== undefined) {
    const path = `hostile-prop/r${slot}`;
    world.github.create(path, { stars: 3, forks: 1, archived: false, description: "", createdAt: "2020-01-01T00:00:00Z" });
    const { stars, forks, owner } = spec.repo;
    world.editRepoAnswer("github", path, (node) => ({ ...node, stargazers_count: stars, forks_count: forks, owner: { login: owner } }));
    manifest["repository"] = `github:${path}`;
  }
  const make = new Materializer(member);
  if (spec.version !== undefined) {
    const version = String(make.value(spec.version));
    const time = doc["time"] as Record<string, unknown>;
    put(versions, version, manifest);
    put(time, version, time[latest]);
    delete versions[latest];
    (doc["dist-tags"] as Record<string, unknown>)["latest"] = version;
    manifest["version"] = version;
  }
  for (const patch of spec.patches) {
    const value = make.value(patch.value);
    const key = patch.key === "@latest" ? latest : patch.key;
    if (patch.target === "manifest") put(manifest, key, value);
    else if (patch.target === "doc") {
      put(doc, key, value);
      if (key === "maintainers") put(manifest, key, value);
    } else put(doc[patch.target], key, value);
  }
  const body = make.text(doc);
  world.setPackument(pkg.name, new RawJson(body));
  const sent = (JSON.parse(body) as { versions?: Record<string, unknown>; "dist-tags"?: { latest?: unknown } }) ?? {};
  const sentLatest = sent["dist-tags"]?.latest;
  const sentManifest =
    typeof sentLatest === "string" && sent.versions && Object.hasOwn(sent.versions, sentLatest) ? sent.versions[sentLatest] : undefined;
  return {
    manifest:
      typeof sentManifest === "object" && sentManifest !== null && !Array.isArray(sentManifest)
        ? (sentManifest as Record<string, unknown>)
        : undefined,
  };
}

function describeSpec(spec: HostileSpec): string {
  const value = (v: ValueSpec): string =>
    v.kind === "text"
      ? `text(${v.parts.map((p) => `${JSON.stringify(p.unit)}×${p.count}`).join("+")})`
      : v.kind === "json"
        ? (JSON.stringify(v.value)?.slice(0, 60) ?? "undefined")
        : v.kind === "list"
          ? `list(${v.length} of [${v.items.map(value).join(", ")}])`
          : JSON.stringify(v).slice(0, 200);
  const version = spec.version === undefined ? "" : `version=${value(spec.version)}; `;
  return `${version}${spec.patches.map((p) => `${p.target}.${p.key}=${value(p.value)}`).join("; ")}${spec.repo ? `; repo ${JSON.stringify(spec.repo)}` : ""}`;
}

// ---------------------------------------------------------------------------
// The runs
// ---------------------------------------------------------------------------

const scratch = new Scratch();
let slots: string[];
let reference: { site: RawSite; size: SiteSize; mirrorPaths: string[] };

const eligible = (pkg: PackageRecord): boolean => !pkg.unpublished && !pkg.deprecated;
const makeWorld = (): World => createWorld({ packages: 32 + SLOTS, seed: SEED, keywords: [KEYWORD] });

/** The site, and every request path GitHub and GitLab received. */
async function build(world: World): Promise<{ site: RawSite; size: SiteSize; mirrorPaths: string[] }> {
  const up = await scratch.upstreamsFor(world, { github: { restLimits: { authenticated: 5_000, unauthenticated: 100_000 } } });
  const dir = await scratch.dir();
  const config = await writeConfig(dir, { keywords: [KEYWORD], webUiKeywords: ["__proto__"] });
  const result = await runBuild(up, config, `${dir}/site`, [], { timeoutMs: 60_000 });
  try {
    if (result.code !== 0) throw new Error(`the build failed: ${describeRun(result)}`);
    const mirrorPaths = [...up.log.github, ...up.log.gitlab].map((request) => `${request.path}${request.search}`);
    return { site: await readRawSite(`${dir}/site`), size: await siteSize(`${dir}/site`), mirrorPaths };
  } finally {
    await up.close();
    await removeDir(dir);
  }
}

beforeAll(async () => {
  const world = makeWorld();
  slots = [...world.packages()]
    .filter(eligible)
    .slice(-SLOTS)
    .map((pkg) => pkg.name);
  for (const name of slots) world.removePackage(name);
  reference = await build(world);
}, 60_000);

afterAll(() => scratch.cleanup());

/** The record of a member checked against what its manifest sent: the fields whose rule is plain enough to model. */
function recordMismatches(plugin: Record<string, unknown>, manifest: Record<string, unknown> | undefined): string[] {
  if (manifest === undefined) return [];
  const problems: string[] = [];
  const description = manifest["description"];
  const expected = typeof description === "string" ? modelCut(modelClean(description), LIMITS.description) : "";
  if (plugin["description"] !== expected)
    problems.push(`description ${JSON.stringify(String(plugin["description"]).slice(0, 80))}, not the sent one cleaned and cut`);
  if (JSON.stringify(plugin["tags"]) !== JSON.stringify(modelTags(manifest["keywords"])))
    problems.push("tags are not the sent keywords' first 100 kept");
  const homepage = plugin["homepage"];
  if (homepage !== null && homepage !== (typeof manifest["homepage"] === "string" ? modelClean(manifest["homepage"]).trim() : undefined))
    problems.push(`homepage ${JSON.stringify(homepage)} is not what was sent`);
  return problems;
}

describe("hostile packuments among ordinary ones", () => {
  it("never fail the build; each is a member within every bound or reported; the site grows by no more than their share; ordinary records stay byte for byte", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(boundBuster, claimer, dotted),
        fc.array(hostileSpec, { minLength: SLOTS - 5, maxLength: SLOTS - 3 }),
        async (special, others) => {
          const specs = [...special, ...others];
          const world = makeWorld();
          const applied = new Map<string, Applied>();
          const member = [...world.packages()].find((pkg) => eligible(pkg) && !slots.includes(pkg.name))?.name ?? "";
          slots.forEach((name, slot) => {
            const spec = specs[slot];
            const pkg = world.get(name);
            if (spec === undefined || pkg === undefined) world.removePackage(name);
            else applied.set(name, applySpec(world, pkg, spec, slot, member));
          });
          const built = await build(world);
          const context = specs.map((spec, i) => `${slots[i]}: ${describeSpec(spec)}`).join("\n");

          expect(siteProblems(built.site), context).toEqual({});
          expect(
            built.mirrorPaths.filter((path) => path.includes("..")),
            context,
          ).toEqual([]);
          const members = new Map(built.site.catalog.plugins.map((p) => [String(p["npmName"]), p]));
          // Over every bound, or naming a `..` repository, a package is still a member; claiming another's name, it is not.
          expect(
            [slots[0], slots[1], slots[2]].map((name) => members.has(name ?? "")),
            context,
          ).toEqual([true, false, true]);
          const malformed = new Map(built.site.report.malformed.map((m) => [m.name, m.reason]));
          for (const [name, sent] of applied) {
            const reason = malformed.get(name);
            expect(members.has(name) || (reason ?? "").trim() !== "", `${name} is neither a member nor reported\n${context}`).toBe(true);
            // The fakes never fail: a package unreadable today means its derivation threw.
            expect(reason ?? "", `${name}\n${context}`).not.toMatch(/^unreadable today/);
            const plugin = members.get(name);
            if (plugin !== undefined) expect(recordMismatches(plugin, sent.manifest), `${name}\n${context}`).toEqual([]);
          }

          const hostileMembers = [...applied.keys()].filter((name) => members.has(name)).length;
          expect(built.size.total, context).toBeLessThanOrEqual(2 * reference.size.total + hostileMembers * PLUGIN_SHARE_BYTES);
          expect(built.size.largest.bytes, context).toBeLessThanOrEqual(MAX_FILE_BYTES);

          const before = wireRecords(reference.site);
          const after = wireRecords(built.site);
          for (const [name, record] of before) expect(after.get(name), `${name}\n${context}`).toBe(record);
          const hidden = (p: SnapshotPlugin) =>
            JSON.stringify([p.readme, p.creators, p.mirrors.map((m) => ({ ...m, checkedAt: undefined }))]);
          const hiddenBefore = new Map(reference.site.snapshot.plugins.map((p) => [p.npmName, hidden(p)]));
          for (const plugin of built.site.snapshot.plugins.filter((p) => !applied.has(p.npmName)))
            expect(hidden(plugin), plugin.npmName).toBe(hiddenBefore.get(plugin.npmName));
        },
      ),
      // Unbiased: sizes spread over their whole ranges (10^6 characters, 20,000 keywords, 12 MB) from the first run.
      { numRuns: NUM_RUNS, endOnFailure: true, plugins: [fc.unbiased()] },
    );
  }, 120_000);
});
