/**
 * A guide's rating (GuideProfile."ratingAverage" and "ratingCount", which Find a Mentor filters and sorts by) from the
 * ratings of their visible reviews: the average to two decimals, and how many; 0 and 0 with none. Free of the server
 * and the database: the reviews module writes it in the transaction that changes a review, the seed for the reviews
 * it writes.
 */
export function ratingOf(ratings: readonly number[]) {
  const ratingCount = ratings.length;
  let sum = 0;
  for (const rating of ratings) sum += rating;
  // Whole stars, so sum * 100 / count is exact wherever it ends in .5, and rounds half up as SQL's ROUND does.
  return { ratingAverage: ratingCount ? Math.round((sum * 100) / ratingCount) / 100 : 0, ratingCount };
}
