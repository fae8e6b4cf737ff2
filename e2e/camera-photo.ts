import sharp from "sharp";

/**
 * A camera-like JPEG made at test time: a coloured picture with sensor grain (grain does not compress, so a
 * 3000 × 4000 portrait comes out at real phone sizes, 3–6 MB).
 */
export function cameraPhoto(
  width: number,
  height: number,
  options: { background?: string; sigma?: number; quality?: number } = {},
): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: options.background ?? "#3a6ea5",
      noise: { type: "gaussian", mean: 120, sigma: options.sigma ?? 25 },
    },
  })
    .jpeg({ quality: options.quality ?? 80 })
    .toBuffer();
}
