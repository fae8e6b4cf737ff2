import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { PostingFile } from "~/domain/posting-detail";
import { embeddedImages } from "~/services/pdf/pdf-images.testing";
import { postingPdf } from "~/services/posting-pdf.server";
import {
  printConcurrency,
  printMaxSidePx,
  printThumbMaxSidePx,
  sheetPhotos,
} from "~/services/posting-pdf-photos.server";
import { call, db, publishedPosting, signedInUser } from "./fixtures";
import { noisyPng, phonePhoto } from "./photo-fixtures";

// Issue 23, decision 063: the sheet prints photos downscaled to JPEG (≤ 1,600 px), WebP included, cover first.
const api = "/internal-api/v1";

async function upload(code: string, cookie: string, bytes: Uint8Array<ArrayBuffer>, type: string, fileType: string) {
  const form = new FormData();
  form.set("metaData", JSON.stringify({ fileType }));
  form.set("fileContent", new File([bytes], `foto.${type.slice("image/".length)}`, { type }));
  const res = await call(`${api}/posting/${code}/file`, { method: "POST", body: form, headers: { cookie } });
  expect(res.status).toBe(201);
  return (await res.json()) as PostingFile;
}

/** A new owner's published posting with one exterior photo. */
async function postingWithPhoto(bytes: Uint8Array<ArrayBuffer>, type: string) {
  const owner = await signedInUser();
  const posting = await publishedPosting({ userId: owner.user.id });
  return { posting, file: await upload(posting.code, owner.cookie, bytes, type, "EXTERIOR_PICTURE") };
}

describe("the PDF sheet's photos through the Images binding", () => {
  it("prints eight 3000 × 4000 phone photos (JPEG and WebP) as JPEGs of ≤ 1,600 px in a sheet under 2 MB", async () => {
    const owner = await signedInUser();
    const posting = await publishedPosting({ userId: owner.user.id });
    // An interior photo uploaded first; the first exterior one (a landscape WebP) is the cover.
    const plan = [
      { type: "image/jpeg", fileType: "INTERIOR_PICTURE", w: 3000, h: 4000 },
      { type: "image/webp", fileType: "EXTERIOR_PICTURE", w: 4000, h: 3000 },
      ...Array.from({ length: 6 }, (_, i) => ({
        type: i % 2 ? ("image/webp" as const) : ("image/jpeg" as const),
        fileType: "EXTERIOR_PICTURE",
        w: 3000,
        h: 4000,
      })),
    ] as const;
    let uploadedBytes = 0;
    for (const [i, p] of plan.entries()) {
      const bytes = await phonePhoto(p.type, p.w, p.h, 1000 + i);
      uploadedBytes += bytes.length;
      await upload(posting.code, owner.cookie, bytes, p.type, p.fileType);
    }
    expect(uploadedBytes).toBeGreaterThan(8 * 2_000_000);

    const started = performance.now();
    const res = await call(`${api}/postings/${posting.code}/download-pdf`);
    const ms = Math.round(performance.now() - started);
    expect(res.status).toBe(200);
    const pdf = new Uint8Array(await res.arrayBuffer());
    console.info(`pdf sheet: 8 photos (${uploadedBytes} B uploaded) → ${pdf.length} B in ${ms} ms`);
    expect(pdf.length).toBeLessThan(2 * 1024 * 1024);

    const images = await embeddedImages(pdf);
    // Every photo printed (the WebP ones too: no placeholder), each a JPEG no longer than 1,600 px.
    expect(images).toHaveLength(8);
    for (const image of images) {
      expect(image.filter).toBe("/DCTDecode");
      expect(Math.max(image.width, image.height)).toBeLessThanOrEqual(printMaxSidePx);
    }
    // The main photo is the cover (the landscape exterior WebP), not the interior photo uploaded first;
    // the thumbnails are printed small, the interior photo last (the gallery's order).
    expect(images[0]).toMatchObject({ width: 1600, height: 1200 });
    for (const thumb of images.slice(1)) expect(thumb).toMatchObject({ width: 300, height: printThumbMaxSidePx });
  }, 120_000);

  it("prints a PNG screenshot as a JPEG of its own proportions too", async () => {
    const { posting, file: png } = await postingWithPhoto(await noisyPng(1170, 2532, 41), "image/png");
    const [photo] = await sheetPhotos(env.MEDIA, env.IMAGES, [png]);
    expect(photo?.mimeType).toBe("image/jpeg");
    expect([...(photo?.bytes.subarray(0, 3) ?? [])]).toEqual([0xff, 0xd8, 0xff]);
    const { bytes } = await postingPdf(
      db(),
      { media: env.MEDIA, images: env.IMAGES },
      posting.code,
      null,
      "https://avtotrg.si",
    );
    expect(await embeddedImages(bytes)).toEqual([{ width: 739, height: 1600, filter: "/DCTDecode" }]);
  });

  it("keeps each print-sized photo in the cache: the next sheet skips the binding, a photo written again does not", async () => {
    const { file: jpeg } = await postingWithPhoto(await phonePhoto("image/jpeg", 2000, 1500, 31), "image/jpeg");
    let calls = 0;
    const counting = {
      input: (stream: ReadableStream<Uint8Array>) => {
        calls++;
        return env.IMAGES.input(stream);
      },
    } as unknown as ImagesBinding;
    const [first] = await sheetPhotos(env.MEDIA, counting, [jpeg]);
    const [again] = await sheetPhotos(env.MEDIA, counting, [jpeg]);
    expect(calls).toBe(1);
    expect(again?.bytes).toEqual(first?.bytes);
    // The same key with other bytes (a new ETag): transformed again, not the cached print of the old photo.
    await env.MEDIA.put(jpeg.url.replace(/^\/media\//, ""), await phonePhoto("image/jpeg", 1500, 2000, 32));
    const [rewritten] = await sheetPhotos(env.MEDIA, counting, [jpeg]);
    expect(calls).toBe(2);
    expect(rewritten?.bytes).not.toEqual(first?.bytes);
  }, 60_000);
});

describe("the PDF sheet's photos without the Images binding", () => {
  async function postingWithJpegAndWebp() {
    const owner = await signedInUser();
    const posting = await publishedPosting({ userId: owner.user.id });
    const photo = async (type: "image/jpeg" | "image/webp", seed: number) =>
      upload(posting.code, owner.cookie, await phonePhoto(type, 400, 300, seed), type, "EXTERIOR_PICTURE");
    const webp = await photo("image/webp", 7);
    const jpeg = await photo("image/jpeg", 8);
    return { posting, webp, jpeg };
  }

  it("embeds the JPEG original and keeps no bytes of the WebP (the sheet notes it cannot be printed)", async () => {
    const { posting, webp, jpeg } = await postingWithJpegAndWebp();
    const photos = await sheetPhotos(env.MEDIA, undefined, [webp, jpeg]);
    expect(photos.map((p) => [p.mimeType, p.bytes.length > 0])).toEqual([
      ["image/webp", false],
      ["image/jpeg", true],
    ]);
    const original = await env.MEDIA.get(jpeg.url.replace(/^\/media\//, ""));
    expect(photos[1]?.bytes).toEqual(new Uint8Array((await original?.arrayBuffer()) ?? new ArrayBuffer(0)));

    const { bytes } = await postingPdf(db(), { media: env.MEDIA }, posting.code, null, "https://avtotrg.si");
    expect(await embeddedImages(bytes)).toEqual([{ width: 400, height: 300, filter: "/DCTDecode" }]);
  });

  it("falls back to the originals when the binding fails or answers something else than a JPEG", async () => {
    const { webp, jpeg } = await postingWithJpegAndWebp();
    const failing = {
      input: () => {
        throw new Error("Images binding down");
      },
    } as unknown as ImagesBinding;
    const png = {
      input: () => ({
        transform() {
          return this;
        },
        output: async () => ({ response: () => new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47])) }),
      }),
    } as unknown as ImagesBinding;
    for (const images of [failing, png]) {
      const photos = await sheetPhotos(env.MEDIA, images, [webp, jpeg]);
      expect(photos.map((p) => [p.mimeType, p.bytes.length > 0])).toEqual([
        ["image/webp", false],
        ["image/jpeg", true],
      ]);
    }
  });

  it(`reads at most ${printConcurrency} photos at the same time, and skips a photo whose object is gone`, async () => {
    let open = 0;
    let most = 0;
    const media = {
      get: async () => {
        most = Math.max(most, ++open);
        await new Promise((resolve) => setTimeout(resolve, 5));
        open--;
        return null;
      },
    } as unknown as R2Bucket;
    const pictures = Array.from({ length: 20 }, (_, i) => ({
      url: `/media/postings/x/${i}.jpg`,
      mimeType: "image/jpeg",
    }));
    expect(await sheetPhotos(media, undefined, pictures)).toEqual([]);
    expect(most).toBe(printConcurrency);
  });
});
