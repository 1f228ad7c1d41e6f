/** Whether a license is an SPDX expression, as npm's own parser (`spdx-expression-parse` 4) reads one. */
import parse from "spdx-expression-parse";

/** @example isSpdxExpression("MIT OR Apache-2.0") // true; isSpdxExpression("SEE LICENSE IN LICENSE.md") // false */
export function isSpdxExpression(license: string): boolean {
  try {
    parse(license);
    return true;
  } catch {
    return false;
  }
}
