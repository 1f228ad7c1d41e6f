/** The whole contract suite against buildSite + createShim in this process. */
import { startInProcessTarget } from "../support/targets.js";
import { describeContract } from "./describe-contract.js";

describeContract("in-process shim", startInProcessTarget);
