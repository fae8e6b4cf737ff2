// Rewrites image URLs to a size-appropriate variant for the three image back-ends we
// serve from: our own /media/ route, a query-parameter CDN, and an imgproxy-style proxy.

export const imageWidths = { sm: 256, md: 512, lg: 1024, xl: 1280 } as const;
export const proxyImageWidths = { ...imageWidths, xxl: 1440, xxxl: 1920 } as const;
export const carouselCropWidth = 600;
// Carousel tiles are 3:2.
export const carouselCropHeight = 400;

export type ImageWidthPreset = keyof typeof imageWidths;
export type ProxyImageWidthPreset = keyof typeof proxyImageWidths;
export type ImagePreset = ProxyImageWidthPreset | "carousel";

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

/** Widths above xl only exist on the proxy; other back-ends would upscale or reject them. */
function standardWidth(preset: Exclude<ImagePreset, "carousel">): number {
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
  if (preset === "carousel") {
    params.set("w", String(carouselCropWidth));
    params.set("crop", "1");
  } else {
    params.set("w", String(standardWidth(preset)));
  }
  return `${path}?${params.toString()}${hash}`;
}

function rewriteCdnUrl(parsed: URL, preset: ImagePreset): string {
  if (preset === "carousel") {
    parsed.searchParams.set("width", String(carouselCropWidth));
    parsed.searchParams.set("height", String(carouselCropHeight));
    parsed.searchParams.set("fit", "crop");
  } else {
    parsed.searchParams.set("width", String(standardWidth(preset)));
  }
  return parsed.toString();
}

function rewriteProxyUrl(original: string, preset: ImagePreset, proxyBase: string): string {
  const resize =
    preset === "carousel"
      ? `rs:fill:${carouselCropWidth}:${carouselCropHeight}`
      : `rs:fit:${proxyImageWidths[preset]}:0`;
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
