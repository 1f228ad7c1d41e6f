/** `plugin-catalog query`: one API answer from a site directory, on stdout. */
import { createFsReader } from "../../runtime/node/fs-reader.js";
import { createShim, PLUGINS_PATH } from "../../shim/index.js";
import { CliError, type CliIo } from "../io.js";

export async function queryCommand(dir: string, queryString: string, io: CliIo): Promise<void> {
  const shim = createShim({ reader: createFsReader(dir), logError: () => {} });
  const search = queryString.replace(/^(\/api\/plugins)?\?/, "");
  const response = await shim(new Request(`http://localhost${PLUGINS_PATH}?${search}`));
  const body = await response.text();
  // Exactly the HTTP body, like curl: no trailing newline.
  io.stdout(body);
  if (!response.ok) {
    const detail = (JSON.parse(body) as { detail?: string }).detail ?? response.statusText;
    if (response.status === 503)
      throw new CliError(`${dir} holds no readable catalog (${detail}); build one first: plugin-catalog build --out ${dir}`);
    throw new CliError(`${response.status}: ${detail}`);
  }
}
