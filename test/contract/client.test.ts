/**
 * The whole contract suite against `catalog/client.js`: the bundle a build copies into the site, imported in Node,
 * reading the site from a host of static files under a path (no `/api` there). Every status, header and body the suite
 * checks is the client's own `Response`: it carries what the shim gives every runtime, CORS, validators and 304s
 * included, so no assertion is skipped.
 */
import { startClientTarget } from "../support/client-target.js";
import { describeContract } from "./describe-contract.js";

describeContract("catalog/client.js on a static host under a path", startClientTarget);
