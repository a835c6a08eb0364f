/** One star's outline, drawn from its top point (12, 2.5) in a 24 × 24 box with relative moves only, so it repeats. */
const STAR = "l2.9 6 6.6.9-4.8 4.6 1.2 6.5-5.9-3.1-5.9 3.1 1.2-6.5-4.8-4.6 6.6-.9z";
const starsPath = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `M${12 + 24 * (from + i)} 2.5${STAR}`).join("");
/** For each number of filled stars (0–5): the filled stars' path and the empty ones'. */
const PATHS = [0, 1, 2, 3, 4, 5].map((filled) => [starsPath(0, filled), starsPath(filled, 5)] as const);

/** Heights, with the five stars' width beside each. */
const SIZES = { "size-4": "h-4 w-20", "size-5": "h-5 w-25" } as const;

/**
 * Five stars, `rating` of them filled (rounded): one SVG with a path for the filled stars and one for the rest, as a
 * page of review cards draws fifty. `decorative` when the text beside it already says the rating.
 */
export function Stars({ rating, size = "size-4", decorative = false }: { rating: number; size?: keyof typeof SIZES; decorative?: boolean }) {
  const [full, empty] = PATHS[Math.min(5, Math.max(0, Math.round(rating)))];
  return (
    <svg
      viewBox="0 0 120 24"
      className={`inline-block shrink-0 ${SIZES[size]}`}
      {...(decorative ? { "aria-hidden": true } : { role: "img", "aria-label": `${rating} out of 5 stars` })}
    >
      {full ? <path className="fill-accent-400 stroke-accent-500" strokeWidth="1" d={full} /> : null}
      {empty ? <path className="fill-slate-200 stroke-slate-300" strokeWidth="1" d={empty} /> : null}
    </svg>
  );
}
