// Rewrites image URLs to a size-appropriate variant for the three image back-ends we serve from: our own
// /media/ route, a query-parameter CDN and an imgproxy-style proxy. Hosts and widths: app.config.ts `images`.

import { appConfig } from "~/app.config";

const config = appConfig.images;

/** Plain widths by preset (sm 256 … xxxl 1920), from app.config.ts: a photo scaled to fit, never enlarged. */
export const imageWidths = config.widths;
/** Widths of the 3:2 crops of a photo's middle, from app.config.ts. */
export const cropWidths = config.cropWidths;
export const carouselCropWidth = config.carouselCropWidth;
// Carousel tiles are 3:2.
export const carouselCropHeight = 400;
/**
 * Cards (search, home, favourites, related, "Moji oglasi") are 3:2 whatever the photo's orientation: the
 * picture is cropped to 3:2 at one of these widths (the next one up from 1×, 2× and 3× of 160–450 px).
 */
export const cardCropWidths = cropWidths.filter((w) => w >= 300);
/** Thumbnails (96 px wide and less) at 1×, 2× and 3×. */
export const thumbCropWidths = cropWidths.filter((w) => w <= 300);
export type CropWidth = (typeof cropWidths)[number];
/** The height of a 3:2 crop of `width`. */
export const cropHeight = (width: number) => Math.round((width * 2) / 3);

export type ImageWidthPreset = keyof typeof imageWidths;
export type ImagePreset = ImageWidthPreset | "carousel" | `crop${CropWidth}`;

export interface RewriteImageUrlOptions {
  proxyHosts?: readonly string[];
  cdnHosts?: readonly string[];
  proxyBase?: string;
}

const mediaPrefix = "/media/";
// Matches a URL that has already been rewritten for the proxy, so we re-size the original
// instead of proxying the proxy.
const proxiedPathPattern = /^\/insecure\/rs:[^/]*\/plain\/(.+)$/;

/** A crop preset's width ("carousel" is the 600 px crop), or null for a plain width. */
function cropWidthOf(preset: ImagePreset): number | null {
  if (preset === "carousel") return carouselCropWidth;
  return preset.startsWith("crop") ? Number(preset.slice(4)) : null;
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
    params.set("w", String(imageWidths[preset as ImageWidthPreset]));
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
    parsed.searchParams.set("width", String(imageWidths[preset as ImageWidthPreset]));
  }
  return parsed.toString();
}

function rewriteProxyUrl(original: string, preset: ImagePreset, proxyBase: string): string {
  const crop = cropWidthOf(preset);
  const resize =
    crop !== null ? `rs:fill:${crop}:${cropHeight(crop)}` : `rs:fit:${imageWidths[preset as ImageWidthPreset]}:0`;
  const base = proxyBase.replace(/\/+$/, "");
  return `${base}/insecure/${resize}/plain/${encodeURIComponent(original)}`;
}

/** URL() lower-cases the host already; a configured one may be written in any case. */
function hostMatches(parsed: URL, hosts: readonly string[]): boolean {
  return hosts.some((h) => [parsed.hostname, parsed.host].includes(h.toLowerCase()));
}

export function rewriteImageUrl(url: string, preset: ImagePreset, options?: RewriteImageUrlOptions): string {
  // Image URLs come from user data; a bad one must degrade to "unchanged", never crash a render.
  try {
    if (typeof url !== "string" || url === "") return url;
    if (url.startsWith(mediaPrefix)) return rewriteMediaPath(url, preset);
    if (!/^https?:\/\//i.test(url)) return url;

    const parsed = new URL(url);
    const cdnHosts = options?.cdnHosts ?? config.cdnHosts;
    const proxyHosts = options?.proxyHosts ?? config.proxyHosts;

    if (hostMatches(parsed, proxyHosts)) {
      const proxied = proxiedPathPattern.exec(parsed.pathname);
      const innerEncoded = proxied?.[1];
      // An unencoded inner URL's own query string lands in parsed.search; keep it.
      const original = innerEncoded === undefined ? url : decodeURIComponent(innerEncoded) + parsed.search;
      return rewriteProxyUrl(original, preset, options?.proxyBase ?? config.proxyBase);
    }
    if (hostMatches(parsed, cdnHosts)) return rewriteCdnUrl(parsed, preset);
    return url;
  } catch {
    return url;
  }
}

/** `src` at `src` and a `srcSet` of `url` at every preset of `presets`, each with its width. */
function pictureSet(url: string, src: ImagePreset, presets: readonly ImagePreset[], options?: RewriteImageUrlOptions) {
  const widthOf = (p: ImagePreset) => cropWidthOf(p) ?? imageWidths[p as ImageWidthPreset];
  return {
    src: rewriteImageUrl(url, src, options),
    srcSet: presets.map((p) => `${rewriteImageUrl(url, p, options)} ${widthOf(p)}w`).join(", "),
  };
}

const crops = (widths: readonly CropWidth[]) => widths.map((w): ImagePreset => `crop${w}`);
const cardCrops = crops(cardCropWidths);
const thumbCrops = crops(thumbCropWidths);
/** A whole photo's presets from md (512) up: 1×–3× of a phone's gallery, 1×–2× of a desktop's. */
const photoPresets = (Object.keys(imageWidths) as ImageWidthPreset[]).filter((p) => imageWidths[p] >= imageWidths.md);

/**
 * A card's picture at 3:2 for any photo: `src` (the 600 px crop) and a `srcSet` of every card crop width, so
 * the browser takes the one that matches the rendered width at its pixel density (`sizes` from the caller).
 */
export const cardImage = (url: string, options?: RewriteImageUrlOptions) =>
  pictureSet(url, "crop600", cardCrops, options);

/** A thumbnail's picture at 3:2 (96 × 64 px and smaller): the 150 and 300 px crops. */
export const thumbImage = (url: string, options?: RewriteImageUrlOptions) =>
  pictureSet(url, "crop300", thumbCrops, options);

/** A whole photo in its own proportions: `src` at `fallback`, a `srcSet` of the presets from md (512 px) up. */
export const photoImage = (url: string, fallback: ImageWidthPreset, options?: RewriteImageUrlOptions) =>
  pictureSet(url, fallback, photoPresets, options);
