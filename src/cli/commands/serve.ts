/** `plugin-catalog serve`: the site and its API on a local port until interrupted. */
import { stat } from "node:fs/promises";
import { serveSite } from "../../runtime/node/serve.js";
import { CliError, type CliIo } from "../io.js";

export interface ServeCommandOptions {
  readonly dir: string;
  readonly port: number;
  readonly host: string;
}

export async function serveCommand(options: ServeCommandOptions, io: CliIo): Promise<void> {
  const isDirectory = await stat(options.dir).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (!isDirectory) throw new CliError(`${options.dir} is not a directory; build a site first: plugin-catalog build --out ${options.dir}`);
  const server = await serveSite({ ...options, logError: (error) => io.stderr(`${String(error)}\n`) }).catch(
    (error: NodeJS.ErrnoException) => {
      throw new CliError(`cannot listen on ${options.host}:${options.port}: ${error.code ?? error.message}`);
    },
  );
  io.stdout(`Explorer: ${server.url}/\nAPI: ${server.url}/api/plugins\nServing ${options.dir} until interrupted (Ctrl+C).\n`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void server.close().then(() => process.exit(0)));
  }
}
