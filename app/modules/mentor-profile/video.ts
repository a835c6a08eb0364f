/**
 * A guide's video introduction, embedded only from the hosts the Content-Security-Policy frames
 * (server/edge.ts VIDEO_FRAME_HOSTS): YouTube through youtube-nocookie.com and Vimeo's player. Any other
 * address, or an address of those hosts that is not a video, is not embedded. No zod here: the public
 * profile's browser bundle imports this file.
 */
export type VideoEmbed = {
  provider: "YouTube" | "Vimeo";
  /** The player URL the iframe loads (with autoplay once the visitor asked to play). */
  embedUrl: string;
  /** The video's own page, for people without JavaScript. */
  watchUrl: string;
};

const YOUTUBE_ID = /^[\w-]{6,20}$/;
const VIMEO_ID = /^\d{1,12}$/;

function youtubeId(url: URL): string | null {
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, "");
  const parts = url.pathname.split("/").filter(Boolean);
  let id: string | null = null;
  if (host === "youtu.be") id = parts[0] ?? null;
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    if (parts[0] === "watch") id = url.searchParams.get("v");
    else if (parts[0] === "embed" || parts[0] === "shorts" || parts[0] === "live" || parts[0] === "v") id = parts[1] ?? null;
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

function vimeoId(url: URL): string | null {
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  const parts = url.pathname.split("/").filter(Boolean);
  let id: string | null = null;
  if (host === "vimeo.com") id = parts.find((part) => VIMEO_ID.test(part)) ?? null;
  else if (host === "player.vimeo.com" && parts[0] === "video") id = parts[1] ?? null;
  return id && VIMEO_ID.test(id) ? id : null;
}

/** The embed for a stored video URL, or null when it is not a YouTube or Vimeo video over http(s). */
export function videoEmbedFor(videoUrl: string | null | undefined): VideoEmbed | null {
  if (!videoUrl) return null;
  let url: URL;
  try {
    url = new URL(videoUrl.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password) return null;
  const youtube = youtubeId(url);
  if (youtube) {
    return {
      provider: "YouTube",
      embedUrl: `https://www.youtube-nocookie.com/embed/${youtube}`,
      watchUrl: `https://www.youtube.com/watch?v=${youtube}`,
    };
  }
  const vimeo = vimeoId(url);
  if (vimeo) return { provider: "Vimeo", embedUrl: `https://player.vimeo.com/video/${vimeo}`, watchUrl: `https://vimeo.com/${vimeo}` };
  return null;
}
