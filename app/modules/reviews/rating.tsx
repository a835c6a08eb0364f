import { Stars } from "#app/components/ui/stars.tsx";
import { RATING_SCALE } from "./schema.ts";

/** The stars and "n / 5" of a review on its card and on the reviewer's own review page. */
export function Rating({ rating, size }: { rating: number; size?: "size-4" | "size-5" }) {
  return (
    <p className="flex items-center gap-2">
      <Stars rating={rating} size={size} decorative />
      <span className="text-sm font-medium text-slate-700">
        <span className="sr-only">Rating: </span>
        {`${rating} / ${RATING_SCALE}`}
      </span>
    </p>
  );
}
