/**
 * Counts from the registry's search result (docs/API.md#downloads): a
 * non-negative integer, or a string of decimal digits (the registry sends
 * `dependents` as one). Anything else is no count, and the caller falls back
 * to the previous build's value, else 0.
 */
import { fieldsOf } from "../fields.js";

/** The most digits a count may have once leading zeros are dropped: `Number.MAX_SAFE_INTEGER` has 16. */
const MAX_DIGITS = String(Number.MAX_SAFE_INTEGER).length;

/**
 * The count `value` stands for, or undefined when it is none: a negative, fractional or non-finite number, one past
 * `Number.MAX_SAFE_INTEGER` (which a JSON number cannot hold exactly), any other type, or a string with anything but
 * the digits 0-9.
 *
 * @example parseCount("042") // 42
 */
export function parseCount(value: unknown): number | undefined {
  // `+ 0` turns -0 into 0: JSON would write both as 0, but the value is compared and summed first.
  if (typeof value === "number") return Number.isSafeInteger(value) && value >= 0 ? value + 0 : undefined;
  if (typeof value !== "string" || !/^[0-9]+$/.test(value)) return undefined;
  const significant = value.replace(/^0+(?=[0-9])/, "");
  if (significant.length > MAX_DIGITS) return undefined;
  const count = Number(significant);
  return count <= Number.MAX_SAFE_INTEGER ? count : undefined;
}

/** The three counts of one search result, each undefined when the registry sent none that `parseCount` takes. */
export interface ListedCounts {
  readonly lastWeek: number | undefined;
  readonly lastMonth: number | undefined;
  readonly dependents: number | undefined;
}

/** `downloads.weekly`, `downloads.monthly` and `dependents` of one search result (`objects[i]`), whatever it holds. */
export function listedCounts(result: unknown): ListedCounts {
  const fields = fieldsOf(result);
  const downloads = fieldsOf(fields["downloads"]);
  return {
    lastWeek: parseCount(downloads["weekly"]),
    lastMonth: parseCount(downloads["monthly"]),
    dependents: parseCount(fields["dependents"]),
  };
}
