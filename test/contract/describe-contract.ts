/**
 * The contract suite (docs/API.md), written once and run against
 * every way of serving the API: `describeContract("serve", startServeTarget)`,
 * `describeContract("in-process", startInProcessTarget)`, and later an edge
 * runtime. Each suite asks for the catalogs it needs through `start`; one
 * target per catalog is started lazily, shared by all suites of this run,
 * and closed at the end. Every response a suite receives is first checked
 * against the OpenAPI document (`conformingTarget`): a departure fails the
 * test that made the request.
 */
import { afterAll, describe } from "vitest";
import { openApiDocument } from "../../src/site/openapi-document.js";
import type { CatalogSnapshot } from "../../src/snapshot/schema.js";
import { conformingTarget, ResponseConformance } from "../support/openapi-conformance.js";
import type { StartTarget, Target } from "../support/targets.js";
import { cachingSuite } from "./suites/caching.js";
import { catalogJsonSuite } from "./suites/catalog-json.js";
import { compatSuite } from "./suites/compat.js";
import { detailSuite } from "./suites/detail.js";
import { errorsSuite } from "./suites/errors.js";
import { facetsSuite } from "./suites/facets.js";
import { filtersSuite } from "./suites/filters.js";
import { httpSuite } from "./suites/http.js";
import { pagingSuite } from "./suites/paging.js";
import { parametersSuite } from "./suites/parameters.js";
import { readmeSuite } from "./suites/readme.js";
import { relevanceSuite } from "./suites/relevance.js";
import { responseSuite } from "./suites/response.js";
import { scaleSuite } from "./suites/scale.js";
import { searchSuite } from "./suites/search.js";
import { sortingSuite } from "./suites/sorting.js";
import { statusSuite } from "./suites/status.js";

/** A suite registers its tests; `start` gives a shared target for a catalog (do not close it). */
export type ContractSuite = (start: StartTarget) => void;

export const SUITES: Readonly<Record<string, ContractSuite>> = {
  parameters: parametersSuite,
  response: responseSuite,
  paging: pagingSuite,
  filters: filtersSuite,
  sorting: sortingSuite,
  relevance: relevanceSuite,
  search: searchSuite,
  readme: readmeSuite,
  errors: errorsSuite,
  http: httpSuite,
  caching: cachingSuite,
  scale: scaleSuite,
  facets: facetsSuite,
  status: statusSuite,
  catalogJson: catalogJsonSuite,
  compat: compatSuite,
  detail: detailSuite,
};

export function describeContract(targetName: string, startTarget: StartTarget, suites: readonly string[] = Object.keys(SUITES)): void {
  describe(`contract via ${targetName}`, () => {
    const started = new Map<CatalogSnapshot, Promise<Target>>();
    const conformance = new ResponseConformance(openApiDocument());
    const shared: StartTarget = (snapshot) => {
      let target = started.get(snapshot);
      if (target === undefined) {
        target = startTarget(snapshot).then((raw) => conformingTarget(raw, conformance));
        started.set(snapshot, target);
      }
      return target;
    };
    afterAll(async () => {
      // A target that failed to start has nothing to close; its suites already failed.
      await Promise.allSettled([...started.values()].map(async (target) => (await target).close()));
      started.clear();
    });
    for (const name of suites) {
      const suite = SUITES[name];
      if (suite === undefined) throw new Error(`unknown contract suite ${name}`);
      suite(shared);
    }
  });
}
