import { describe, expect, it } from "vitest";
import { mediaWidths, outputFormat, transformFor, variantName, variantOf } from "./media-variant";

describe("media variants", () => {
  it("renders exactly the config's preset and crop widths", () => {
    expect(mediaWidths).toEqual([150, 256, 300, 512, 600, 900, 1024, 1200, 1280, 1440, 1920]);
    expect(variantOf(undefined, true)).toBeNull();
    // A crop at a plain width is a plain resize.
    expect(variantOf(256, true)).toEqual({ w: 256, crop: false });
    expect(variantOf(600, true)).toEqual({ w: 600, crop: true });
  });

  it("picks AVIF, then WebP, then the original's type by Accept (q=0 refuses)", () => {
    expect(outputFormat("image/avif,image/webp,image/apng,*/*;q=0.8", "image/jpeg")).toBe("image/avif");
    expect(outputFormat("image/avif;q=0, image/webp", "image/jpeg")).toBe("image/webp");
    expect(outputFormat("IMAGE/WEBP;Q=0.9", "image/png")).toBe("image/webp");
    expect(outputFormat("*/*", "image/png")).toBe("image/png");
    expect(outputFormat(undefined, "image/jpeg")).toBe("image/jpeg");
    expect(outputFormat("*/*", "image/webp")).toBe("image/webp");
  });

  it("names a variant by width, crop and format", () => {
    expect(variantName({ w: 600, crop: true }, "image/avif")).toBe("w600x400.avif");
    expect(variantName({ w: 1920, crop: false }, "image/jpeg")).toBe("w1920.jpeg");
  });

  it("never asks for more pixels than the photo has", () => {
    expect(transformFor({ w: 1920, crop: false }, { width: 800, height: 600 })).toEqual({
      width: 800,
      fit: "scale-down",
    });
    expect(transformFor({ w: 1200, crop: true }, { width: 3000, height: 4000 })).toMatchObject({
      width: 1200,
      height: 800,
      fit: "cover",
      gravity: "center",
    });
    expect(transformFor({ w: 900, crop: true }, { width: 800, height: 300 })).toMatchObject({
      width: 450,
      height: 300,
    });
    // Without a readable header, Cloudflare's fits that never enlarge.
    expect(transformFor({ w: 600, crop: true }, null)).toEqual({ width: 600, height: 400, fit: "crop" });
    expect(transformFor({ w: 600, crop: false }, null)).toEqual({ width: 600, fit: "scale-down" });
  });
});
