/** The explorer page served by `plugin-catalog serve`, at the root, beside the API. */
import { buildAndServe } from "./browser.js";
import { describeExplorer } from "./describe-explorer.js";

describeExplorer("plugin-catalog serve", buildAndServe);
