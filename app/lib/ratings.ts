/** Rating helpers: ratings are 1 to 10 in half steps; displays use one decimal, 10 shown as '10'. */

export const MIN_RATING = 1;
export const MAX_RATING = 10;
export const HISTOGRAM_BARS = 10;

function isFiniteNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/** A number from 1 to 10 (inclusive) that can be counted in averages and histograms. */
function isCountableRating(value: unknown): value is number {
  return isFiniteNumber(value) && value >= MIN_RATING && value <= MAX_RATING;
}

/** One decimal ('7.5', '8.0'); 10 (or anything rounding to 10.0) shows as '10'; null/NaN → '-'. */
export function formatRating(value: number | null | undefined): string {
  if (!isFiniteNumber(value)) return "-";
  const text = value.toFixed(1);
  return text === "10.0" ? "10" : text;
}

/** '7.5/10', '10/10'; '-' when there is no rating. */
export function formatRatingOutOf10(value: number | null | undefined): string {
  const text = formatRating(value);
  return text === "-" ? "-" : `${text}/10`;
}

/** A rating a user may submit: 1 to 10 in half steps. */
export function isValidRating(value: unknown): value is number {
  return isCountableRating(value) && Number.isInteger(value * 2);
}

/** Mean of the numeric ratings from 1 to 10 (others ignored); `null` when none count. */
export function averageRating(ratings: readonly (number | null | undefined)[]): number | null {
  let sum = 0;
  let count = 0;
  for (const rating of ratings) {
    if (isCountableRating(rating)) {
      sum += rating;
      count += 1;
    }
  }
  return count === 0 ? null : sum / count;
}

/** Number of ratings that count (numeric, 1 to 10). */
export function countRatings(ratings: readonly (number | null | undefined)[]): number {
  return ratings.filter(isCountableRating).length;
}

/**
 * Ten counts: index 0 is bar 1 ... index 9 is bar 10. Bucket = rating rounded down,
 * so 7.5 lands in bar 7 and 10 in bar 10. Ratings outside 1..10 or non-numeric are ignored.
 */
export function ratingHistogram(ratings: readonly (number | null | undefined)[]): number[] {
  const bars: number[] = Array.from({ length: HISTOGRAM_BARS }, () => 0);
  for (const rating of ratings) {
    if (!isCountableRating(rating)) continue;
    const bucket = Math.min(MAX_RATING, Math.max(MIN_RATING, Math.floor(rating)));
    bars[bucket - 1] = (bars[bucket - 1] ?? 0) + 1;
  }
  return bars;
}
