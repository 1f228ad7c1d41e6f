/** Reading an upstream's JSON, whatever it holds. */

/** The fields of a JSON object from an answer; anything else (null, an array, a string) has none. */
export function fieldsOf(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
