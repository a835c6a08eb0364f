/**
 * Five stars, `rating` of them filled (rounded). Plain SVG, one path each: a page of review cards draws fifty, and an
 * icon component per star cost a share of its render. `decorative` when the text beside it already says the rating.
 */
export function Stars({ rating, size = "size-4", decorative = false }: { rating: number; size?: string; decorative?: boolean }) {
  const filled = Math.round(rating);
  return (
    <span className="inline-flex items-center" {...(decorative ? { "aria-hidden": true } : { role: "img", "aria-label": `${rating} out of 5 stars` })}>
      {[1, 2, 3, 4, 5].map((star) => (
        <svg key={star} viewBox="0 0 24 24" aria-hidden className={`${size} ${star <= filled ? "fill-accent-400 text-accent-500" : "fill-slate-200 text-slate-300"}`}>
          <path stroke="currentColor" strokeWidth="1" d="m12 2.5 2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9z" />
        </svg>
      ))}
    </span>
  );
}
