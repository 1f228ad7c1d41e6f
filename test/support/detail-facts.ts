/**
 * The facts of contract section 11 (downloads, dependents, releases, engines,
 * trust, repository facts, cut READMEs) drawn onto a catalog that has none,
 * such as the sample generator's, with a seeded generator of their own. They
 * are drawn to reach the corners of the detail and its score: ties in
 * downloads, stars and dependents, archived repositories, absent facts,
 * READMEs cut around a surrogate pair, releases exactly a year before the
 * build or after it, an update exactly three half-lives old (maintenance
 * 12.5), values past their bounds. (Kept small: the sample generator may
 * draw these facts itself one day.)
 */
import { type CatalogSnapshot, type Mirror, type SnapshotPlugin, snapshotSchema } from "../../src/snapshot/schema.js";
import { seededRandom } from "./large-catalog.js";

const DAY = 86_400_000;
const README_BOUND = 65_536;

type Draw = () => number;

class Facts {
  constructor(
    private readonly random: Draw,
    private readonly builtAt: number,
    private readonly longReadmes: boolean,
  ) {}

  chance = (p: number): boolean => this.random() < p;
  int = (max: number): number => Math.floor(this.random() * (max + 1));
  pick = <T>(items: readonly T[]): T => items[this.int(items.length - 1)]!;
  iso = (time: number): string => new Date(time).toISOString();

  /** Small sets of values, so that many plugins tie. */
  count(max: number): number {
    return this.chance(0.6) ? this.pick([0, 0, 1, 10, 100]) : this.int(max);
  }

  plugin(plugin: SnapshotPlugin): SnapshotPlugin {
    const drawn: SnapshotPlugin = { ...plugin, mirrors: plugin.mirrors.map((mirror) => this.mirror(mirror)) };
    // A fact is drawn, or left out (as in a snapshot written before the facts were read), whatever the sample had.
    if (this.chance(0.9)) drawn.downloads = this.downloads();
    else delete drawn.downloads;
    if (this.chance(0.8)) drawn.dependents = this.count(5_000);
    else delete drawn.dependents;
    if (this.chance(0.9)) drawn.releases = this.releases();
    else delete drawn.releases;
    if (this.chance(0.85)) drawn.engines = { node: this.range(), host: this.range() };
    else delete drawn.engines;
    if (this.chance(0.9)) drawn.trust = { provenance: this.chance(0.3), installScripts: this.chance(0.2) };
    else delete drawn.trust;
    if (this.chance(0.1)) drawn.license = this.pick(["", "mit", "SEE LICENSE IN LICENSE", "MIT OR", "(MIT AND BSD-3-Clause)", "GPL-2.0+"]);
    if (this.chance(0.08)) drawn.updatedAt = this.notableUpdate();
    if (this.longReadmes && this.chance(0.03)) Object.assign(drawn, this.longReadme());
    if (drawn.mirrors.length > 0 && this.chance(0.05)) drawn.mirrors = drawn.mirrors.map((mirror) => ({ ...mirror, archived: true }));
    return drawn;
  }

  private mirror(mirror: Mirror): Mirror {
    const drawn: Mirror = { ...mirror };
    if (this.chance(0.15)) drawn.archived = true;
    if (this.chance(0.7)) drawn.openIssues = this.count(400);
    if (this.chance(0.7)) drawn.pushedAt = this.chance(0.1) ? null : this.iso(this.builtAt - this.int(2_000) * DAY);
    if (this.chance(0.7))
      drawn.defaultBranch = this.pick<string | null>([null, "main", "master", "develop", `b${"ranch".repeat(60)}`, "ünïcödé"]);
    if (this.chance(0.2)) drawn.url = `https://${mirror.platform}.com/${mirror.path.toUpperCase()}`;
    return drawn;
  }

  private downloads(): NonNullable<SnapshotPlugin["downloads"]> {
    const lastMonth = this.count(2_000_000);
    const weeks = this.int(26);
    const weekly = Array.from({ length: weeks }, (_, i) => ({
      date: this.iso(this.builtAt - (weeks - 1 - i) * 7 * DAY).slice(0, 10),
      count: this.count(500_000),
    }));
    return { lastWeek: Math.floor(lastMonth / 4), lastMonth, weekly };
  }

  private releases(): NonNullable<SnapshotPlugin["releases"]> {
    const year = 365 * DAY;
    const notable = [this.builtAt, this.builtAt - year, this.builtAt - year - 1, this.builtAt + 1, this.builtAt + 30 * DAY];
    const times = Array.from({ length: this.int(40) }, () =>
      this.chance(0.3) ? this.pick(notable) : this.builtAt + 60 * DAY - this.int(500) * DAY - this.int(DAY),
    ).sort((a, b) => b - a);
    const recent = times.slice(0, 10).map((time, i) => ({
      version: this.chance(0.02) ? `1.0.${"9".repeat(300)}` : `${3 - Math.min(i, 3)}.${this.int(20)}.${i}`,
      publishedAt: this.iso(time),
    }));
    return { count: times.length + this.int(100), recent, times: times.map(this.iso) };
  }

  private range(): string | null {
    return this.pick<string | null>([null, ">=18", "^20.0.0 || >=22", `>=${"1.".repeat(200)}0`, "*"]);
  }

  /** An update in the future, exactly a year or three years (maintenance 12.5, rounded up) before the build. */
  private notableUpdate(): string {
    return this.iso(
      this.pick([this.builtAt + 5 * DAY, this.builtAt - 365 * DAY, this.builtAt - 1095 * DAY, this.builtAt - 1095 * DAY - 1]),
    );
  }

  /**
   * A README around the bound, with a surrogate pair where it is cut: held whole (no longer than the bound), or held
   * as its head with `readmeCut` (as the fetch writes it), or held longer than the bound (a hand-made snapshot).
   */
  private longReadme(): Pick<SnapshotPlugin, "readme" | "readmeCut"> {
    const length = README_BOUND - 10 + this.int(12);
    // Words of seven letters: one word of 65,536 letters is a search-index case of its own.
    const head = "abcdefg ".repeat(Math.ceil(length / 8)).slice(0, length - 3);
    const readme = `${head}😀\r\nb😀c\u0007d`;
    switch (this.int(2)) {
      case 0:
        return { readme };
      case 1:
        return { readme: Array.from(readme).slice(0, README_BOUND).join(""), readmeCut: true };
      default:
        return { readme: `${readme}${"e".repeat(this.int(10))}` };
    }
  }
}

/**
 * `snapshot` with facts drawn for each plugin; the same seed gives the same facts.
 * @param longReadmes whether 3% of the READMEs are made as long as the bound (a corner, not a realistic share: a
 *   catalog measured for its size keeps the READMEs it has)
 */
export function withDetailFacts(snapshot: CatalogSnapshot, seed = 11, longReadmes = true): CatalogSnapshot {
  const facts = new Facts(seededRandom(seed), Date.parse(snapshot.generatedAt), longReadmes);
  const drawn = { ...snapshot, plugins: snapshot.plugins.map((plugin) => facts.plugin(plugin)) };
  const checked = snapshotSchema.safeParse(drawn);
  if (!checked.success) throw new Error(`the drawn facts break the snapshot schema: ${checked.error.message.slice(0, 500)}`);
  return drawn;
}
