import { expect } from "vitest";
import { smokeTest } from "./quick-run.js";

const perRun = ["wallMs", "peakRssMb", ...["registry", "github", "gitlab"].flatMap((host) => [`requests.${host}`, `maxInFlight.${host}`])];
const faults = ["healthy", "graphqlRateLimited", "githubDown", "gitlabDown", "registry429Storm"].map((name) => `faults.${name}.wallMs`);
smokeTest(["fetch"], 240_000, {
  finite: [...["full", "incremental"].flatMap((phase) => perRun.map((key) => `${phase}.${key}`)), ...faults],
  printed: [
    /wall time .* ≤ 180 s +(PASS|FAIL)/,
    /requests, all upstreams .* ≤ 1,000 +(PASS|FAIL)/,
    "report: packuments fetched / 304 / reused / failed",
    "githubDown",
  ],
  measured(run) {
    expect(run.at("full.requests.github")).toBeGreaterThan(0);
    expect(run.at("full.requests.registry")).toBeGreaterThan(run.at("incremental.requests.registry") as number);
    expect(run.at("faults.githubDown.keptPrevious")).toBeGreaterThan(0);
  },
});
