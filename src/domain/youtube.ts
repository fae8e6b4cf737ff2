/** A YouTube video id: 11 characters of letters, digits, "-" and "_". */
const videoIdPattern = /^[A-Za-z0-9_-]{11}$/;

const youtubeHosts = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "music.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);

/**
 * The video id of what an admin pasted: the id itself, or a YouTube link (watch?v=, youtu.be/,
 * /embed/, /shorts/, /live/). Null when it is neither, so a typo never becomes a broken link.
 */
export function youtubeVideoId(input: string): string | null {
  const value = input.trim();
  if (videoIdPattern.test(value)) return value;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase();
  let candidate: string | null | undefined = null;
  if (host === "youtu.be") candidate = url.pathname.split("/")[1];
  else if (youtubeHosts.has(host)) {
    const [, first, second] = url.pathname.split("/");
    candidate =
      first === "watch"
        ? url.searchParams.get("v")
        : first && ["embed", "shorts", "live", "v"].includes(first)
          ? second
          : null;
  }
  return candidate && videoIdPattern.test(candidate) ? candidate : null;
}

/** The public watch page of a video (a plain link: no third-party player is embedded before consent). */
export const youtubeWatchUrl = (videoId: string) => `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;
