// The ratios the reports show: null where the whole is zero (nothing to divide), never NaN.

/** `part` as a share of `whole`, or null when `whole` is zero. */
export function rate(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

/** The mean of `count` values summing to `sum`, or null when there are none. */
export function average(sum: number, count: number): number | null {
  return count > 0 ? sum / count : null;
}
