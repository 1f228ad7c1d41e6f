/**
 * Dates as the registry writes them in a packument's `time`: any string
 * `Date.parse` reads, within the years every record's format can write.
 */

/** Years 0000 to 9999: `toISOString` writes others with six digits and a sign, which no record's format allows. */
const FIRST_TIME = Date.parse("0000-01-01T00:00:00.000Z");
const LAST_TIME = Date.parse("9999-12-31T23:59:59.999Z");

/** The epoch milliseconds of a date string, or undefined when `value` is no date a record can carry. */
export function timeOf(value: unknown): number | undefined {
  if (typeof value !== "string") return undefined;
  const time = Date.parse(value);
  return !Number.isNaN(time) && time >= FIRST_TIME && time <= LAST_TIME ? time : undefined;
}

export function isDate(value: string): boolean {
  return timeOf(value) !== undefined;
}
