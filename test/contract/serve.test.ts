/** The whole contract suite against the real CLI: `build --snapshot`, then `serve` on an ephemeral port. */
import { startServeTarget } from "../support/targets.js";
import { describeContract } from "./describe-contract.js";

describeContract("plugin-catalog serve", startServeTarget);
