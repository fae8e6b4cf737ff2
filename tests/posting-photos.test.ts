import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { postingFiles } from "~/db/schema/postings";
import type { ErrorBody } from "~/domain/errors";
import type { PostingFile } from "~/domain/posting-detail";
import { ljubljanaDay } from "~/domain/ljubljana-time";
import { heicNotConvertedMessage } from "~/services/heic-convert.server";
import { postingFileEditMessages } from "~/services/posting-file-edits.server";
import { storePostingFile } from "~/services/posting-files.server";
import {
  call,
  db,
  jpegBytes,
  pdfBytes,
  json,
  publishedPosting,
  signedInUser,
  uploadedPostingFile as uploaded,
  uploadPostingFile as upload,
} from "./fixtures";

// Issue 23, decision 058: the order a seller picked, the cover, documents by type and date, HEIC refused here.
const api = "/internal-api/v1";
/** An ISO-BMFF `ftyp` box with the `heic` brand and HEVC-looking bytes after it: sniffed as HEIC, decodable by none. */
const heicBytes = new Uint8Array([
  ...[0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70, 0x68, 0x65, 0x69, 0x63, 0, 0, 0, 0, 0x6d, 0x69, 0x66, 0x31, 0x68, 0x65],
  ...[0x69, 0x63, 0, 0, 0, 16, 0x6d, 0x65, 0x74, 0x61, 1, 2, 3, 4, 5, 6],
]);

const jpeg = (name: string) => new File([jpegBytes], name, { type: "image/jpeg" });

const send = (method: string, path: string, body: unknown, cookie?: string) => ({
  ...json(body, cookie),
  method,
  path: `${api}${path}`,
});
const request = (r: ReturnType<typeof send>) => call(r.path, r);

async function draftPictures(code: string, cookie: string) {
  const res = await call(`${api}/draft/${code}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return (await res.json()) as { pictures: PostingFile[]; documents: PostingFile[] };
}

async function ownPostingWithPictures(n: number) {
  const owner = await signedInUser();
  const posting = await publishedPosting({ userId: owner.user.id });
  const files: PostingFile[] = [];
  for (let i = 1; i <= n; i++) files.push(await uploaded(posting.code, owner.cookie, jpeg(`foto-${i}.jpg`)));
  return { owner, posting, urls: files.map((f) => f.url) };
}

describe("posting photos: another user's posting (the attacks first)", () => {
  it("refuses reorder, cover, delete and document edits on another user's posting, and changes nothing", async () => {
    const { owner, posting, urls } = await ownPostingWithPictures(2);
    const doc = await uploaded(posting.code, owner.cookie, new File([pdfBytes], "racun.pdf"), { fileType: "INVOICE" });
    const intruder = await signedInUser();
    const attempts = [
      send("POST", `/posting/${posting.code}/files/order`, { urls: [...urls].reverse() }, intruder.cookie),
      send("POST", `/posting/${posting.code}/files/cover`, { url: urls[1] }, intruder.cookie),
      send("DELETE", `/posting/${posting.code}/file`, { url: urls[0] }, intruder.cookie),
      send("PATCH", `/posting/${posting.code}/file`, { url: doc.url, documentType: "OTHER" }, intruder.cookie),
    ];
    for (const attempt of attempts) expect((await request(attempt)).status).toBe(403);
    for (const attempt of attempts) expect((await request({ ...attempt, headers: {} })).status).toBe(401);
    const after = await draftPictures(posting.code, owner.cookie);
    expect(after.pictures.map((p) => p.url)).toEqual(urls);
    expect(after.documents[0]?.documentType).toBe("SERVICE_BOOK");
  });

  it("refuses another posting's file as this posting's cover or document (404) and leaves both alone", async () => {
    const mine = await ownPostingWithPictures(2);
    const theirs = await ownPostingWithPictures(1);
    const theirUrl = theirs.urls[0];
    const cover = await request(
      send("POST", `/posting/${mine.posting.code}/files/cover`, { url: theirUrl }, mine.owner.cookie),
    );
    expect(cover.status).toBe(404);
    const edit = await request(
      send("PATCH", `/posting/${mine.posting.code}/file`, { url: theirUrl, documentType: "OTHER" }, mine.owner.cookie),
    );
    expect(edit.status).toBe(404);
    expect((await draftPictures(mine.posting.code, mine.owner.cookie)).pictures.map((p) => p.url)).toEqual(mine.urls);
  });
});

describe("posting photos: order and cover", () => {
  it("keeps the order the seller committed after parallel uploads, and it survives a reload", async () => {
    const { owner, posting, urls } = await ownPostingWithPictures(4);
    // The uploads finished 3, 2, 1, 4; the wizard then commits the picked order 1, 2, 3, 4.
    const finished = [urls[2], urls[1], urls[0], urls[3]] as string[];
    expect(
      (await request(send("POST", `/posting/${posting.code}/files/order`, { urls: finished }, owner.cookie))).status,
    ).toBe(204);
    expect((await draftPictures(posting.code, owner.cookie)).pictures.map((p) => p.url)).toEqual(finished);
    expect((await request(send("POST", `/posting/${posting.code}/files/order`, { urls }, owner.cookie))).status).toBe(
      204,
    );
    expect((await draftPictures(posting.code, owner.cookie)).pictures.map((p) => p.url)).toEqual(urls);
  });

  it("uploads all at once (Promise.all) and each gets its own place", async () => {
    const owner = await signedInUser();
    const posting = await publishedPosting({ userId: owner.user.id });
    const files = await Promise.all([1, 2, 3, 4].map((n) => uploaded(posting.code, owner.cookie, jpeg(`p-${n}.jpg`))));
    const rows = await db().select().from(postingFiles).where(eq(postingFiles.postingId, posting.id)).all();
    expect(new Set(rows.map((r) => r.sortOrder)).size).toBe(4);
    expect(rows.map((r) => `/media/${r.objectKey}`).sort()).toEqual(files.map((f) => f.url).sort());
  });

  it("makes a chosen exterior photo the cover: first in the wizard and the gallery, ahead of an interior photo stored first; others keep their order", async () => {
    const { owner, posting, urls } = await ownPostingWithPictures(4);
    const interior = await uploaded(posting.code, owner.cookie, jpeg("notranjost.jpg"), {
      fileType: "INTERIOR_PICTURE",
    });
    const res = await request(send("POST", `/posting/${posting.code}/files/cover`, { url: urls[2] }, owner.cookie));
    expect(res.status).toBe(204);
    const expected = [urls[2], urls[0], urls[1], urls[3], interior.url];
    expect((await draftPictures(posting.code, owner.cookie)).pictures.map((p) => p.url)).toEqual(expected);
    const detail = (await (await call(`${api}/postings/${posting.code}`)).json()) as { pictures: PostingFile[] };
    expect(detail.pictures.map((p) => p.url)).toEqual(expected);
    // The interior photo moved to the very front of the stored order: the exterior cover still comes first.
    await request(send("POST", `/posting/${posting.code}/files/order`, { urls: [interior.url] }, owner.cookie));
    expect((await draftPictures(posting.code, owner.cookie)).pictures[0]?.url).toBe(urls[2]);
  });

  it("refuses an interior photo as the cover with a field message on url", async () => {
    const { owner, posting } = await ownPostingWithPictures(1);
    const interior = await uploaded(posting.code, owner.cookie, jpeg("notranjost.jpg"), {
      fileType: "INTERIOR_PICTURE",
    });
    const res = await request(
      send("POST", `/posting/${posting.code}/files/cover`, { url: interior.url }, owner.cookie),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).fieldErrors).toEqual([
      { field: "url", kind: "INVALID", message: postingFileEditMessages.notExterior },
    ]);
  });
});

describe("posting photos: HEIC from phones", () => {
  it.each([
    ["image/heic", "IMG_0001.HEIC"],
    ["", "IMG_0002.heic"],
    ["application/octet-stream", "IMG_0003.heif"],
  ])(
    "refuses a HEIC (declared %j) it cannot convert with a 415 field message, and stores nothing",
    async (type, name) => {
      const owner = await signedInUser();
      const posting = await publishedPosting({ userId: owner.user.id });
      const res = await upload(posting.code, owner.cookie, new File([heicBytes], name, { type }));
      expect(res.status).toBe(415);
      const body = (await res.json()) as ErrorBody;
      expect(body.fieldErrors).toEqual([{ field: "fileContent", kind: "INVALID", message: heicNotConvertedMessage }]);
      expect(await db().select().from(postingFiles).where(eq(postingFiles.postingId, posting.id)).all()).toEqual([]);
      expect((await env.MEDIA.list({ prefix: `postings/${posting.id}/` })).objects).toEqual([]);
    },
  );

  it("stores a JPEG named and declared as HEIC as the JPEG it is (the bytes decide, not the name)", async () => {
    const owner = await signedInUser();
    const posting = await publishedPosting({ userId: owner.user.id });
    const file = await uploaded(
      posting.code,
      owner.cookie,
      new File([jpegBytes], "IMG_0004.HEIC", { type: "image/heic" }),
    );
    expect(file.mimeType).toBe("image/jpeg");
    expect(file.url).toMatch(/\.jpg$/);
    const object = await env.MEDIA.head(file.url.replace(/^\/media\//, ""));
    expect(object?.httpMetadata?.contentType).toBe("image/jpeg");
  });
});

/** An Images binding that decodes HEIC as Cloudflare's does: answers `output` bytes for any input. */
function imagesAnswering(output: Uint8Array<ArrayBuffer>): ImagesBinding {
  const transformer = {
    transform: () => transformer,
    draw: () => transformer,
    output: async () => ({
      response: () => new Response(output),
      contentType: () => "image/jpeg",
      image: () => new Blob([output]).stream(),
    }),
  };
  return { info: async () => ({ format: "image/heic" }), input: () => transformer } as unknown as ImagesBinding;
}

describe("posting photos: HEIC where the runtime decodes it", () => {
  it("stores the JPEG the Images binding makes of a HEIC, never the HEIC", async () => {
    const owner = await signedInUser();
    const posting = await publishedPosting({ userId: owner.user.id });
    const heic = new File([heicBytes], "IMG_0005.HEIC", { type: "image/heic" });
    const file = await storePostingFile(
      db(),
      env.MEDIA,
      posting.id,
      { file: heic, fileType: "EXTERIOR_PICTURE" },
      imagesAnswering(jpegBytes),
    );
    expect(file).toMatchObject({ mimeType: "image/jpeg", name: "IMG_0005.jpg" });
    expect(file.url).toMatch(/\.jpg$/);
    const object = await env.MEDIA.get(file.url.replace(/^\/media\//, ""));
    expect(object?.httpMetadata?.contentType).toBe("image/jpeg");
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(jpegBytes);
  });

  it("refuses a conversion that does not come back as a JPEG, and stores nothing", async () => {
    const owner = await signedInUser();
    const posting = await publishedPosting({ userId: owner.user.id });
    const heic = new File([heicBytes], "IMG_0006.HEIC", { type: "image/heic" });
    await expect(
      storePostingFile(
        db(),
        env.MEDIA,
        posting.id,
        { file: heic, fileType: "EXTERIOR_PICTURE" },
        imagesAnswering(heicBytes),
      ),
    ).rejects.toMatchObject({
      statusCode: 415,
      fieldErrors: [{ field: "fileContent", message: heicNotConvertedMessage }],
    });
    expect((await env.MEDIA.list({ prefix: `postings/${posting.id}/` })).objects).toEqual([]);
  });
});

describe("posting documents: type and date, never the file name", () => {
  it("labels documents by the section's type and the upload day by default, and hides the file name from buyers", async () => {
    const owner = await signedInUser();
    const posting = await publishedPosting({ userId: owner.user.id });
    const pdf = new File([pdfBytes], "screenshot.pdf", { type: "application/pdf" });
    const service = await uploaded(posting.code, owner.cookie, pdf, { fileType: "INVOICE" });
    const report = await uploaded(posting.code, owner.cookie, pdf, { fileType: "VEHICLE_INSPECTION_REPORT" });
    const invoice = await uploaded(posting.code, owner.cookie, pdf, {
      fileType: "INVOICE",
      documentType: "INVOICE",
      documentDate: "2025-03-12",
    });
    const today = ljubljanaDay(new Date());
    expect([service, report, invoice].map((d) => [d.documentType, d.documentDate])).toEqual([
      ["SERVICE_BOOK", today],
      ["REPORT", today],
      ["INVOICE", "2025-03-12"],
    ]);
    const detail = (await (await call(`${api}/postings/${posting.code}`)).json()) as { documents: PostingFile[] };
    expect(detail.documents.map((d) => [d.documentType, d.documentDate, d.name])).toEqual([
      ["SERVICE_BOOK", today, null],
      ["REPORT", today, null],
      ["INVOICE", "2025-03-12", null],
    ]);
    // The seller still sees the name in the wizard, to tell the files apart.
    expect((await draftPictures(posting.code, owner.cookie)).documents[0]?.name).toBe("screenshot.pdf");
  });

  it("lets the seller change a document's type and date; refuses a future or impossible date and a picture", async () => {
    const owner = await signedInUser();
    const posting = await publishedPosting({ userId: owner.user.id });
    const doc = await uploaded(posting.code, owner.cookie, new File([pdfBytes], "x.pdf"), { fileType: "INVOICE" });
    const photo = await uploaded(posting.code, owner.cookie, jpeg("a.jpg"));
    const path = `/posting/${posting.code}/file`;
    const ok = await request(
      send("PATCH", path, { url: doc.url, documentType: "INVOICE", documentDate: "2024-02-29" }, owner.cookie),
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ documentType: "INVOICE", documentDate: "2024-02-29" });
    for (const [documentDate, message] of [
      ["2999-01-01", "Datum dokumenta ne sme biti v prihodnosti."],
      ["2023-02-29", "Datum dokumenta ni veljaven."],
      ["12. 3. 2025", "Datum dokumenta ni veljaven."],
    ]) {
      const res = await request(send("PATCH", path, { url: doc.url, documentDate }, owner.cookie));
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).fieldErrors[0]).toMatchObject({ field: "documentDate", message });
    }
    const bad = await request(send("PATCH", path, { url: doc.url, documentType: "PASSPORT" }, owner.cookie));
    expect(bad.status).toBe(400);
    const onPhoto = await request(send("PATCH", path, { url: photo.url, documentType: "OTHER" }, owner.cookie));
    expect(onPhoto.status).toBe(400);
    expect(((await onPhoto.json()) as ErrorBody).fieldErrors[0]?.message).toBe(postingFileEditMessages.notDocument);
    const back = await request(send("PATCH", path, { url: doc.url, documentDate: null }, owner.cookie));
    expect(await back.json()).toMatchObject({ documentType: "INVOICE", documentDate: ljubljanaDay(new Date()) });
  });
});
