import { clsx } from "clsx";

export const DEFAULT_AVATAR = "/images/default";

/** A person's picture, or the default picture when they have none or it fails to load. */
export function Avatar({ imageId, name, className }: { imageId: string | null | undefined; name: string; className?: string }) {
  return (
    <img
      src={imageId ? `/images/${imageId}` : DEFAULT_AVATAR}
      alt={name ? `Picture of ${name}` : "Profile picture"}
      className={clsx("rounded-full bg-slate-200 object-cover", className)}
      onError={(event) => {
        const img = event.currentTarget;
        if (!img.src.endsWith(DEFAULT_AVATAR)) img.src = DEFAULT_AVATAR;
      }}
      width={64}
      height={64}
      loading="lazy"
    />
  );
}
