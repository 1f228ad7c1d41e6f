/** The whole contract suite against the bundled Worker running in workerd (Miniflare), over a real assets binding. */
import { startWorkerdTarget } from "../support/workerd-target.js";
import { describeContract } from "./describe-contract.js";

describeContract("workerd (Miniflare)", startWorkerdTarget);
