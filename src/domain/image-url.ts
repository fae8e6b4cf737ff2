// Rewrites image URLs to a size-appropriate variant for the three image back-ends we
// serve from: our own /media/ route, a query-parameter CDN, and an imgproxy-style proxy.

export const imageWidths = { sm: 256, md: 512, lg: 1024, xl: 1280 } as const;
export const proxyImageWidths = { ...imageWidths, xxl: 1440, xxxl: 1920 } as const;
export const carouselCropWidth = 600;
// Carousel tiles are 3:2.
export const carouselCropHeight = 400;
/**
 * Cards (search, home, favourites, related, "Moji oglasi") are 3:2 whatever the photo's orientation: the
 * picture is cropped to 3:2 at one of these widths (1× and 2× of the rendered widths, 160–450 px).
 */
export const cardCropWidths = [300, 600, 900] as const;
export type CardCropWidth = (typeof cardCropWidths)[number];
/** The height of a 3:2 crop of `width`. */
export const cropHeight = (width: number) => Math.round((width * 2) / 3);

export type ImageWidthPreset = keyof typeof imageWidths;
export type ProxyImageWidthPreset = keyof typeof proxyImageWidths;
export type ImagePreset = ProxyImageWidthPreset | "carousel" | `crop${CardCropWidth}`;

export interface RewriteImageUrlOptions {
  proxyHosts?: string[];
  cdnHosts?: string[];
  proxyBase?: string;
}

export const defaultCdnHosts: readonly string[] = ["cdn.avtotrg.si"];
export const defaultProxyHosts: readonly string[] = ["slike.avtotrg.si"];
export const defaultProxyBase = "https://slike.avtotrg.si";

const mediaPrefix = "/media/";
// Matches a URL that has already been rewritten for the proxy, so we re-size the original
// instead of proxying the proxy.
const proxiedPathPattern = /^\/insecure\/rs:[^/]*\/plain\/(.+)$/;

/** A crop preset's width ("carousel" is the 600 px crop), or null for a plain width. */
function cropWidthOf(preset: ImagePreset): number | null {
  if (preset === "carousel") return carouselCropWidth;
  return preset.startsWith("crop") ? Number(preset.slice(4)) : null;
}

/** Widths above xl only exist on the proxy; other back-ends would upscale or reject them. */
function standardWidth(preset: ProxyImageWidthPreset): number {
  return preset === "xxl" || preset === "xxxl" ? imageWidths.xl : imageWidths[preset];
}

function rewriteMediaPath(url: string, preset: ImagePreset): string {
  // Split by hand instead of using URL(): URL() would normalise the path ("/media/../x").
  const hashIndex = url.indexOf("#");
  const hash = hashIndex === -1 ? "" : url.slice(hashIndex);
  const withoutHash = hashIndex === -1 ? url : url.slice(0, hashIndex);
  const queryIndex = withoutHash.indexOf("?");
  const path = queryIndex === -1 ? withoutHash : withoutHash.slice(0, queryIndex);
  const params = new URLSearchParams(queryIndex === -1 ? "" : withoutHash.slice(queryIndex + 1));
  const crop = cropWidthOf(preset);
  if (crop !== null) {
    params.set("w", String(crop));
    params.set("crop", "1");
  } else {
    params.delete("crop");
    params.set("w", String(standardWidth(preset as ProxyImageWidthPreset)));
  }
  return `${path}?${params.toString()}${hash}`;
}

function rewriteCdnUrl(parsed: URL, preset: ImagePreset): string {
  const crop = cropWidthOf(preset);
  if (crop !== null) {
    parsed.searchParams.set("width", String(crop));
    parsed.searchParams.set("height", String(cropHeight(crop)));
    parsed.searchParams.set("fit", "crop");
  } else {
    parsed.searchParams.set("width", String(standardWidth(preset as ProxyImageWidthPreset)));
  }
  return parsed.toString();
}

function rewriteProxyUrl(original: string, preset: ImagePreset, proxyBase: string): string {
  const crop = cropWidthOf(preset);
  const resize =
    crop !== null
      ? `rs:fill:${crop}:${cropHeight(crop)}`
      : `rs:fit:${proxyImageWidths[preset as ProxyImageWidthPreset]}:0`;
  const base = proxyBase.replace(/\/+$/, "");
  return `${base}/insecure/${resize}/plain/${encodeURIComponent(original)}`;
}

function hostMatches(parsed: URL, hosts: readonly string[]): boolean {
  const hostname = parsed.hostname.toLowerCase();
  const host = parsed.host.toLowerCase();
  return hosts.some((h) => {
    const wanted = h.toLowerCase();
    return wanted === hostname || wanted === host;
  });
}

export function rewriteImageUrl(url: string, preset: ImagePreset, options?: RewriteImageUrlOptions): string {
  // Image URLs come from user data; a bad one must degrade to "unchanged", never crash a render.
  try {
    if (typeof url !== "string" || url === "") return url;
    if (url.startsWith(mediaPrefix)) return rewriteMediaPath(url, preset);
    if (!/^https?:\/\//i.test(url)) return url;

    const parsed = new URL(url);
    const cdnHosts = options?.cdnHosts ?? defaultCdnHosts;
    const proxyHosts = options?.proxyHosts ?? defaultProxyHosts;

    if (hostMatches(parsed, proxyHosts)) {
      const proxied = proxiedPathPattern.exec(parsed.pathname);
      const innerEncoded = proxied?.[1];
      // An unencoded inner URL's own query string lands in parsed.search; keep it.
      const original = innerEncoded === undefined ? url : decodeURIComponent(innerEncoded) + parsed.search;
      return rewriteProxyUrl(original, preset, options?.proxyBase ?? defaultProxyBase);
    }
    if (hostMatches(parsed, cdnHosts)) return rewriteCdnUrl(parsed, preset);
    return url;
  } catch {
    return url;
  }
}

/**
 * A card's picture at 3:2 for any photo: `src` (the 600 px crop) and a `srcSet` of every card crop width, so
 * the browser takes the one that matches the rendered width at its pixel density (`sizes` from the caller).
 */
export function cardImage(url: string, options?: RewriteImageUrlOptions): { src: string; srcSet: string } {
  return {
    src: rewriteImageUrl(url, "crop600", options),
    srcSet: cardCropWidths.map((w) => `${rewriteImageUrl(url, `crop${w}`, options)} ${w}w`).join(", "),
  };
}
