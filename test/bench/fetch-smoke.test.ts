import { describe, expect, it } from "vitest";
import { quickRun } from "./quick-run.js";

describe("npm run bench -- fetch --quick", () => {
  const run = quickRun(["fetch"], 240_000);
  const perRun = [
    "wallMs",
    "peakRssMb",
    ...["registry", "github", "gitlab"].flatMap((host) => [`requests.${host}`, `maxInFlight.${host}`]),
  ];
  const faults = ["graphqlRateLimited", "githubDown", "gitlabDown", "registry429Storm"].map((name) => `faults.${name}.wallMs`);

  it.each(["plugins", ...["full", "incremental"].flatMap((phase) => perRun.map((key) => `${phase}.${key}`)), ...faults])(
    "reports %s as a finite number",
    (key) => run.expectFinite(key),
  );

  it("built from a 500-package world and asked GitHub something", () => {
    expect(run.at("plugins")).toBe(500);
    expect(run.at("full.requests.github")).toBeGreaterThan(0);
    expect(run.at("full.requests.registry")).toBeGreaterThan(run.at("incremental.requests.registry") as number);
  });

  it("prints both builds against their targets, the fault scenarios, and how to reproduce", () => {
    expect(run.stdout()).toMatch(/wall time .* ≤ 180 s +(PASS|FAIL)/);
    expect(run.stdout()).toMatch(/requests, all upstreams .* ≤ 1,000 +(PASS|FAIL)/);
    expect(run.stdout()).toContain("report: packuments fetched / 304 / reused / failed");
    expect(run.stdout()).toContain("githubDown");
    expect(run.stdout()).toContain("Reproduce:");
  });
});
