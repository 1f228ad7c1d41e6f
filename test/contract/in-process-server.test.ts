/** The whole contract suite against the shim as `serve` configures it (preload, stream bodies), in this process. */
import { startServerShimTarget } from "../support/targets.js";
import { describeContract } from "./describe-contract.js";

describeContract("in-process shim as serve runs it", startServerShimTarget);
