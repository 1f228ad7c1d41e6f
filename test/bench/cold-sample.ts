/** What one cold measurement reports (written by `cold-child.ts`). */
import type { ReadCounts } from "./counting-reader.js";

export interface ColdSample extends ReadCounts {
  readonly path: string;
  /** `createShim` to the full body of the first answer. */
  readonly ms: number;
  /** Loading the shim's modules, before that. */
  readonly importMs: number;
  /** Node's lazy Fetch API and WebCrypto set-up, after the import and before the timed part. */
  readonly runtimeInitMs: number;
  readonly total: number;
}
