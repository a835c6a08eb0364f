import { expect, test } from "vitest";
import { ratingOf } from "./rating-of.ts";

test("a rating is the average of the stars to two decimals (half up, as SQL's ROUND of the exact average), and how many", () => {
  expect(ratingOf([])).toEqual({ ratingAverage: 0, ratingCount: 0 });
  expect(ratingOf([4, 5])).toEqual({ ratingAverage: 4.5, ratingCount: 2 });
  expect(ratingOf([5, 4, 4])).toEqual({ ratingAverage: 4.33, ratingCount: 3 });
  // 169 stars over 40 reviews is 4.225 exactly: 4.23 (a binary average would make it 4.2249… and 4.22).
  expect(ratingOf([...Array(9).fill(5), ...Array(31).fill(4)])).toEqual({ ratingAverage: 4.23, ratingCount: 40 });
});
