/**
 * The site served over loopback by the product's own `serveSite`, in a
 * process of its own so that the load generator does not share its event
 * loop: `serve-child.js DIR`. Prints `{"url": …}` on one line once it
 * listens; exits on SIGTERM.
 */
import { serveSite } from "../../src/runtime/node/serve.js";

const dir = process.argv[2];
if (dir === undefined) throw new Error("usage: serve-child.js DIR");
const server = await serveSite({ dir, port: 0, host: "127.0.0.1" });
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
process.once("SIGTERM", () => process.exit(0));
