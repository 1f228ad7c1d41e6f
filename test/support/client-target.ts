/**
 * The API as `catalog/client.js` computes it: a site built by the real CLI,
 * on a host of static files under a path (`static-host.ts`), and the
 * client bundle that the build copied into it, imported from the site
 * directory itself (no node_modules anywhere near it).
 */
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { ClientCatalog } from "../../src/runtime/client/index.js";
import { type StaticHost, type StaticHostOptions, startStaticHost } from "./static-host.js";
import { buildSiteWithCli, makeTempDir, type StartTarget, type Target } from "./targets.js";

type ClientModule = typeof import("../../src/runtime/client/index.js");

/** `openCatalog` from the `catalog/client.js` of the built site in `siteDir`. */
export async function siteClient(siteDir: string): Promise<ClientModule> {
  return (await import(pathToFileURL(join(siteDir, "catalog", "client.js")).href)) as ClientModule;
}

export interface ClientSite {
  readonly dir: string;
  readonly site: string;
  readonly host: StaticHost;
  readonly catalog: ClientCatalog;
  close(): Promise<void>;
}

/** Builds `snapshot` with the CLI into a new temporary directory, serves it as static files, opens it with its client. */
export async function startClientSite(
  snapshot: Parameters<StartTarget>[0],
  options: StaticHostOptions = {},
  siteUrl: (host: StaticHost) => string = (host) => host.siteUrl,
): Promise<ClientSite> {
  const dir = await makeTempDir("plugin-catalog-client-");
  try {
    const site = await buildSiteWithCli(snapshot, dir);
    const host = await startStaticHost(site, options);
    const catalog = await (await siteClient(site)).openCatalog(siteUrl(host));
    return {
      dir,
      site,
      host,
      catalog,
      close: async () => {
        await host.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/** The contract suite's view: API paths as the client takes them; the site opened without its final `/`. */
export const startClientTarget: StartTarget = async (snapshot) => {
  const client = await startClientSite(snapshot, {}, (host) => host.siteUrl.replace(/\/$/, ""));
  const target: Target = { fetch: (pathAndQuery, init) => client.catalog.fetch(pathAndQuery, init), close: client.close };
  return target;
};
