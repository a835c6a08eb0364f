import { useState } from "react";
import type { VideoEmbed } from "./video.ts";

/**
 * A video introduction as a "click to play" facade: nothing from the video host loads until the visitor asks
 * for it (the page stays fast and sets no third-party cookies). With JavaScript the click swaps in the player;
 * without, the link opens the video on its own site.
 */
export function VideoIntro({ video, name }: { video: VideoEmbed; name: string }) {
  const [playing, setPlaying] = useState(false);
  const title = `Video introduction of ${name}`;
  if (playing) {
    return (
      <div className="aspect-video overflow-hidden rounded-xl bg-slate-900">
        <iframe
          src={`${video.embedUrl}?autoplay=1`}
          title={title}
          className="size-full"
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }
  return (
    <a
      href={video.watchUrl}
      target="_blank"
      rel="noreferrer"
      data-embed={video.embedUrl}
      onClick={(event) => {
        event.preventDefault();
        setPlaying(true);
      }}
      className="group relative flex aspect-video items-center justify-center overflow-hidden rounded-xl bg-gradient-to-br from-brand-800 to-brand-900 text-white"
    >
      <span className="flex size-16 items-center justify-center rounded-full bg-white/95 text-brand-800 shadow-lg transition-transform group-hover:scale-105" aria-hidden>
        <svg viewBox="0 0 24 24" className="ml-1 size-7 fill-current"><path d="M8 5v14l11-7z" /></svg>
      </span>
      <span className="absolute bottom-3 left-4 text-sm font-medium">
        Play the video introduction<span className="sr-only"> of {name}</span> ({video.provider})
      </span>
    </a>
  );
}
