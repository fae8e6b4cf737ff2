import { env } from "cloudflare:workers";
import { and, asc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { describe, expect, it } from "vitest";
import type { ApiEnv } from "~/api/env";
import { handleError } from "~/api/errors";
import { requestContext } from "~/api/middleware/context";
import { sameOriginWrites } from "~/api/middleware/guards";
import { postingFileRoutes } from "~/api/routes/posting-files";
import { appConfig } from "~/app.config";
import { dealerships } from "~/db/schema/dealerships";
import { postingFiles } from "~/db/schema/postings";
import { AppError, type ErrorBody } from "~/domain/errors";
import type { PostingFile } from "~/domain/posting-detail";
import { storePostingFile } from "~/services/posting-files.server";
import { db, publishedPosting, signedInUser } from "./fixtures";

// src/api/app.ts does not mount these routes yet: an app built the same way (body limit, CSRF guard,
// request context, error handler) around just them.
const internalApi = new Hono<ApiEnv>()
  .use(
    bodyLimit({
      maxSize: appConfig.limits.maxJsonBodyBytes + appConfig.limits.fileSizeBytes,
      onError: () => {
        throw new AppError(413, "Zahteva je prevelika.", { code: "PAYLOAD_TOO_LARGE" });
      },
    }),
  )
  .use(sameOriginWrites)
  .use(requestContext)
  .route("/posting", postingFileRoutes);
const app = new Hono<ApiEnv>().route("/internal-api/v1", internalApi);
app.onError(handleError);

const call = (path: string, init: RequestInit = {}, bindings: Env = env) =>
  app.request(`http://localhost/internal-api/v1${path}`, init, bindings);

// A real 1×1 PNG, a minimal PDF and a text file pretending to be a JPEG.
const pngBytes = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="),
  (ch) => ch.charCodeAt(0),
);
const pdfBytes = new TextEncoder().encode("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
const png = (name = "slika.png") => new File([pngBytes], name, { type: "image/png" });
const pdf = (name = "racun.pdf") => new File([pdfBytes], name, { type: "application/pdf" });

function upload(code: string, cookie: string | undefined, meta: unknown, file?: File) {
  const form = new FormData();
  if (meta !== undefined) form.set("metaData", typeof meta === "string" ? meta : JSON.stringify(meta));
  if (file) form.set("fileContent", file);
  return call(`/posting/${code}/file`, { method: "POST", body: form, headers: cookie ? { cookie } : {} });
}

const sendJson = (method: string, path: string, body: unknown, cookie?: string) =>
  call(path, {
    method,
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

const keyOf = (url: string) => url.replace(/^\/media\//, "");

async function ownPosting() {
  const owner = await signedInUser();
  const posting = await publishedPosting({ userId: owner.user.id });
  return { owner, posting };
}

/** Inserts `n` placeholder file rows straight into D1 (in chunks: D1 binds at most 100 values a statement). */
async function fillFiles(postingId: number, n: number) {
  const rows = Array.from({ length: n }, (_, i) => ({
    postingId,
    objectKey: `test/filler-${postingId}-${i}.png`,
    fileType: "EXTERIOR_PICTURE",
    mimeType: "image/png",
    sortOrder: i,
  }));
  for (let i = 0; i < rows.length; i += 10)
    await db()
      .insert(postingFiles)
      .values(rows.slice(i, i + 10));
}

const rowsOf = (postingId: number) =>
  db()
    .select()
    .from(postingFiles)
    .where(eq(postingFiles.postingId, postingId))
    .orderBy(asc(postingFiles.sortOrder), asc(postingFiles.id))
    .all();

describe("POST posting/{code}/file", () => {
  it("stores a real PNG in R2 under postings/<id>/ with its sniffed type and answers 201 with the file", async () => {
    const { owner, posting } = await ownPosting();
    const res = await upload(posting.code, owner.cookie, { fileType: "EXTERIOR_PICTURE" }, png("naprej.png"));
    expect(res.status).toBe(201);
    const file = (await res.json()) as PostingFile;
    expect(file).toEqual({
      url: expect.stringMatching(new RegExp(`^/media/postings/${posting.id}/[0-9a-f-]{36}\\.png$`)),
      fileType: "EXTERIOR_PICTURE",
      documentType: null,
      mimeType: "image/png",
      name: "naprej.png",
      documentDate: null,
      width: null,
      height: null,
    });
    const object = await env.MEDIA.get(keyOf(file.url));
    expect(object?.httpMetadata?.contentType).toBe("image/png");
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(pngBytes);
    const rows = await rowsOf(posting.id);
    expect(rows).toMatchObject([
      {
        objectKey: keyOf(file.url),
        fileType: "EXTERIOR_PICTURE",
        mimeType: "image/png",
        originalName: "naprej.png",
        sizeBytes: pngBytes.length,
        sortOrder: 0,
      },
    ]);
  });

  it("appends after the last file unless sortOrder is given, and keeps the document type", async () => {
    const { owner, posting } = await ownPosting();
    await upload(posting.code, owner.cookie, { fileType: "EXTERIOR_PICTURE" }, png());
    await upload(posting.code, owner.cookie, { fileType: "INTERIOR_PICTURE" }, png());
    const res = await upload(
      posting.code,
      owner.cookie,
      { fileType: "VEHICLE_INSPECTION_REPORT", documentType: "REPORT", sortOrder: 7 },
      pdf(),
    );
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      fileType: "VEHICLE_INSPECTION_REPORT",
      documentType: "REPORT",
      mimeType: "application/pdf",
    });
    expect((await rowsOf(posting.id)).map((r) => [r.fileType, r.sortOrder])).toEqual([
      ["EXTERIOR_PICTURE", 0],
      ["INTERIOR_PICTURE", 1],
      ["VEHICLE_INSPECTION_REPORT", 7],
    ]);
  });

  it("lets a dealership colleague upload", async () => {
    const [dealer] = await db()
      .insert(dealerships)
      .values({ name: "Datoteke d.o.o.", code: `datoteke-${Date.now().toString(36)}` })
      .returning();
    const owner = await signedInUser({ dealershipId: dealer!.id, dealershipRole: "HEAD" });
    const colleague = await signedInUser({ dealershipId: dealer!.id, dealershipRole: "SALESPERSON" });
    const posting = await publishedPosting({ userId: owner.user.id, dealershipId: dealer!.id });
    expect((await upload(posting.code, colleague.cookie, { fileType: "EXTERIOR_PICTURE" }, png())).status).toBe(201);
  });

  it("sniffs the content: a text file named x.jpg declared image/jpeg is 415, and nothing is stored", async () => {
    const { owner, posting } = await ownPosting();
    const fake = new File(["to ni slika, samo besedilo"], "x.jpg", { type: "image/jpeg" });
    const res = await upload(posting.code, owner.cookie, { fileType: "EXTERIOR_PICTURE" }, fake);
    expect(res.status).toBe(415);
    expect(((await res.json()) as ErrorBody).message).toBe(
      "Nepodprta vrsta datoteke. Dovoljene so slike JPEG, PNG, WebP, HEIC in datoteke PDF.",
    );
    expect(await rowsOf(posting.id)).toEqual([]);
    expect((await env.MEDIA.list({ prefix: `postings/${posting.id}/` })).objects).toEqual([]);
  });

  it("takes a PDF only as a document: 415 as EXTERIOR_PICTURE, 201 as INVOICE", async () => {
    const { owner, posting } = await ownPosting();
    const asPicture = await upload(posting.code, owner.cookie, { fileType: "EXTERIOR_PICTURE" }, pdf());
    expect(asPicture.status).toBe(415);
    expect(((await asPicture.json()) as ErrorBody).message).toContain("Nepodprta vrsta datoteke.");
    const asInvoice = await upload(posting.code, owner.cookie, { fileType: "INVOICE", documentType: "INVOICE" }, pdf());
    expect(asInvoice.status).toBe(201);
    expect(await asInvoice.json()).toMatchObject({
      fileType: "INVOICE",
      documentType: "INVOICE",
      mimeType: "application/pdf",
      name: "racun.pdf",
    });
  });

  it("answers 401 signed out, 403 for another user and 404 for an unknown posting", async () => {
    const { posting } = await ownPosting();
    const signedOut = await upload(posting.code, undefined, { fileType: "EXTERIOR_PICTURE" }, png());
    expect(signedOut.status).toBe(401);
    const other = await signedInUser();
    const forbidden = await upload(posting.code, other.cookie, { fileType: "EXTERIOR_PICTURE" }, png());
    expect(forbidden.status).toBe(403);
    expect(((await forbidden.json()) as ErrorBody).message).toBe("Nimate dostopa do tega oglasa.");
    expect((await upload("NIOBSTAJA", other.cookie, { fileType: "EXTERIOR_PICTURE" }, png())).status).toBe(404);
    expect(await rowsOf(posting.id)).toEqual([]);
  });

  it("answers 400 with fieldErrors for a missing file and bad metaData", async () => {
    const { owner, posting } = await ownPosting();
    const noFile = await upload(posting.code, owner.cookie, { fileType: "EXTERIOR_PICTURE" });
    expect(noFile.status).toBe(400);
    expect(await noFile.json()).toMatchObject({
      message: "Izberite datoteko za nalaganje.",
      statusCode: 400,
      fieldErrors: [{ field: "fileContent", kind: "MISSING", message: "Izberite datoteko za nalaganje." }],
    });

    const badJson = await upload(posting.code, owner.cookie, "{nope", png());
    expect(badJson.status).toBe(400);
    expect(((await badJson.json()) as ErrorBody).fieldErrors).toEqual([
      { field: "metaData", kind: "INVALID", message: expect.any(String) },
    ]);

    const badType = await upload(posting.code, owner.cookie, { fileType: "BADGE_VERIFIED" }, png());
    expect(badType.status).toBe(400);
    expect(((await badType.json()) as ErrorBody).fieldErrors).toMatchObject([{ field: "metaData", kind: "INVALID" }]);

    const badDoc = await upload(
      posting.code,
      owner.cookie,
      { fileType: "INVOICE", documentType: "RECEIPT", sortOrder: 1.5 },
      pdf(),
    );
    expect(((await badDoc.json()) as ErrorBody).fieldErrors.map((e) => e.field)).toEqual(["metaData", "metaData"]);

    const nothing = await upload(posting.code, owner.cookie, undefined);
    expect(((await nothing.json()) as ErrorBody).fieldErrors).toMatchObject([
      { field: "metaData", kind: "MISSING" },
      { field: "fileContent", kind: "MISSING" },
    ]);
    expect(await rowsOf(posting.id)).toEqual([]);
  });

  it("accepts metaData sent as a JSON blob part", async () => {
    const { owner, posting } = await ownPosting();
    const form = new FormData();
    form.set("metaData", new Blob([JSON.stringify({ fileType: "DAMAGE_PICTURE" })], { type: "application/json" }));
    form.set("fileContent", png());
    const res = await call(`/posting/${posting.code}/file`, {
      method: "POST",
      body: form,
      headers: { cookie: owner.cookie },
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ fileType: "DAMAGE_PICTURE" });
  });

  it("answers 413 for a file over 15 MB", async () => {
    const { owner, posting } = await ownPosting();
    const big = new Uint8Array(appConfig.limits.fileSizeBytes + 1);
    big.set(pngBytes);
    const res = await upload(
      posting.code,
      owner.cookie,
      { fileType: "EXTERIOR_PICTURE" },
      new File([big], "velika.png", { type: "image/png" }),
    );
    expect(res.status).toBe(413);
    expect(((await res.json()) as ErrorBody).message).toBe("Datoteka je prevelika (največ 15 MB).");
    expect(await rowsOf(posting.id)).toEqual([]);
  });

  it("answers 409 with the maximum once the posting has 30 files", async () => {
    const { owner, posting } = await ownPosting();
    const max = appConfig.limits.filesPerPosting;
    await fillFiles(posting.id, max);
    const res = await upload(posting.code, owner.cookie, { fileType: "EXTERIOR_PICTURE" }, png());
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).message).toBe(`Oglas ima lahko največ ${max} datotek.`);
    expect((await rowsOf(posting.id)).length).toBe(max);
    expect((await env.MEDIA.list({ prefix: `postings/${posting.id}/` })).objects).toEqual([]);
  });

  it("gives the last free slot to only one of two simultaneous uploads", async () => {
    const { owner, posting } = await ownPosting();
    const max = appConfig.limits.filesPerPosting;
    await fillFiles(posting.id, max - 1);
    const results = await Promise.all(
      [1, 2].map(() => upload(posting.code, owner.cookie, { fileType: "EXTERIOR_PICTURE" }, png())),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await rowsOf(posting.id)).length).toBe(max);
    expect((await env.MEDIA.list({ prefix: `postings/${posting.id}/` })).objects.length).toBe(1);
  });
});

describe("DELETE posting/{code}/file", () => {
  it("deletes the row and the R2 object (204); the same URL again is 404", async () => {
    const { owner, posting } = await ownPosting();
    const file = (await (
      await upload(posting.code, owner.cookie, { fileType: "EXTERIOR_PICTURE" }, png())
    ).json()) as PostingFile;
    expect(await env.MEDIA.head(keyOf(file.url))).not.toBeNull();
    const res = await sendJson("DELETE", `/posting/${posting.code}/file`, { url: file.url }, owner.cookie);
    expect(res.status).toBe(204);
    expect(await env.MEDIA.get(keyOf(file.url))).toBeNull();
    expect(await rowsOf(posting.id)).toEqual([]);
    const again = await sendJson("DELETE", `/posting/${posting.code}/file`, { url: file.url }, owner.cookie);
    expect(again.status).toBe(404);
    expect(((await again.json()) as ErrorBody).message).toBe("Datoteka ne obstaja.");
  });

  it("only deletes a file of that posting, and keeps R2 objects other postings still use", async () => {
    const { owner, posting } = await ownPosting();
    const mine = await ownPosting();
    const foreign = (await (
      await upload(mine.posting.code, mine.owner.cookie, { fileType: "EXTERIOR_PICTURE" }, png())
    ).json()) as PostingFile;
    const res = await sendJson("DELETE", `/posting/${posting.code}/file`, { url: foreign.url }, owner.cookie);
    expect(res.status).toBe(404);
    expect(await env.MEDIA.head(keyOf(foreign.url))).not.toBeNull();

    // Seeded pictures are shared by identical cars: deleting one posting's row keeps the object.
    const shared = `seed/shared-${posting.id}.svg`;
    await env.MEDIA.put(shared, "<svg/>", { httpMetadata: { contentType: "image/svg+xml" } });
    await db()
      .insert(postingFiles)
      .values([
        { postingId: posting.id, objectKey: shared, fileType: "EXTERIOR_PICTURE", mimeType: "image/svg+xml" },
        { postingId: mine.posting.id, objectKey: shared, fileType: "EXTERIOR_PICTURE", mimeType: "image/svg+xml" },
      ]);
    expect(
      (
        await sendJson(
          "DELETE",
          `/posting/${posting.code}/file`,
          { url: `http://localhost/media/${shared}?w=512` },
          owner.cookie,
        )
      ).status,
    ).toBe(204);
    expect(await env.MEDIA.head(shared)).not.toBeNull();
    expect(
      (await sendJson("DELETE", `/posting/${mine.posting.code}/file`, { url: `/media/${shared}` }, mine.owner.cookie))
        .status,
    ).toBe(204);
    expect(await env.MEDIA.head(shared)).toBeNull();
  });

  it("answers 401 signed out and 403 for another user", async () => {
    const { owner, posting } = await ownPosting();
    const file = (await (
      await upload(posting.code, owner.cookie, { fileType: "EXTERIOR_PICTURE" }, png())
    ).json()) as PostingFile;
    expect((await sendJson("DELETE", `/posting/${posting.code}/file`, { url: file.url })).status).toBe(401);
    const other = await signedInUser();
    expect((await sendJson("DELETE", `/posting/${posting.code}/file`, { url: file.url }, other.cookie)).status).toBe(
      403,
    );
    expect(await env.MEDIA.head(keyOf(file.url))).not.toBeNull();
  });
});

describe("POST posting/{code}/files/order", () => {
  it("sets the sort order by the given URLs; unlisted files follow", async () => {
    const { owner, posting } = await ownPosting();
    const files: PostingFile[] = [];
    for (let i = 0; i < 4; i++)
      files.push(
        (await (
          await upload(posting.code, owner.cookie, { fileType: "EXTERIOR_PICTURE" }, png(`${i}.png`))
        ).json()) as PostingFile,
      );
    const [a, b, c, d] = files.map((f) => f.url) as [string, string, string, string];
    const res = await sendJson("POST", `/posting/${posting.code}/files/order`, { urls: [c, a, d] }, owner.cookie);
    expect(res.status).toBe(204);
    expect((await rowsOf(posting.id)).map((r) => [`/media/${r.objectKey}`, r.sortOrder])).toEqual([
      [c, 0],
      [a, 1],
      [d, 2],
      [b, 3],
    ]);
  });

  it("rejects URLs that are not this posting's files or are listed twice, changing nothing", async () => {
    const { owner, posting } = await ownPosting();
    const other = await ownPosting();
    const mine = (await (
      await upload(posting.code, owner.cookie, { fileType: "EXTERIOR_PICTURE" }, png())
    ).json()) as PostingFile;
    const theirs = (await (
      await upload(other.posting.code, other.owner.cookie, { fileType: "EXTERIOR_PICTURE" }, png())
    ).json()) as PostingFile;
    const res = await sendJson(
      "POST",
      `/posting/${posting.code}/files/order`,
      { urls: [theirs.url, mine.url] },
      owner.cookie,
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).fieldErrors).toMatchObject([
      { field: "urls.0", kind: "INVALID", message: "Datoteka ne pripada temu oglasu." },
    ]);
    const twice = await sendJson(
      "POST",
      `/posting/${posting.code}/files/order`,
      { urls: [mine.url, mine.url] },
      owner.cookie,
    );
    expect(twice.status).toBe(400);
    expect((await sendJson("POST", `/posting/${posting.code}/files/order`, { urls: [] }, owner.cookie)).status).toBe(
      400,
    );
    expect((await sendJson("POST", `/posting/${posting.code}/files/order`, { urls: [mine.url] })).status).toBe(401);
    expect(
      (await sendJson("POST", `/posting/${posting.code}/files/order`, { urls: [mine.url] }, other.owner.cookie)).status,
    ).toBe(403);
    expect((await rowsOf(posting.id)).map((r) => r.sortOrder)).toEqual([0]);
  });
});

describe("POST posting/{code}/file/avtosken", () => {
  const scan = (
    code: string,
    token: string | undefined,
    bindings: Env,
    file: File | null = png("scan.png"),
    templateImageId: string | null = "front-left",
  ) => {
    const form = new FormData();
    if (templateImageId !== null) form.set("templateImageId", templateImageId);
    if (file) form.set("file", file);
    return call(
      `/posting/${code}/file/avtosken`,
      { method: "POST", body: form, headers: token === undefined ? {} : { "x-auth-token": token } },
      bindings,
    );
  };
  const withToken = { ...env, AVTOSKEN_TOKEN: "t" } as Env;

  it("answers 401 without the token, with a wrong one, and whenever AVTOSKEN_TOKEN is unset", async () => {
    const { posting } = await ownPosting();
    for (const res of [
      await scan(posting.code, undefined, withToken),
      await scan(posting.code, "napacen", withToken),
      await scan(posting.code, "t", env),
      await scan(posting.code, "", { ...env, AVTOSKEN_TOKEN: "" } as Env),
    ]) {
      expect(res.status).toBe(401);
      expect(((await res.json()) as ErrorBody).message).toBe("Neveljaven žeton skenerja.");
    }
    expect(await rowsOf(posting.id)).toEqual([]);
  });

  it("stores the scanner's picture as an exterior picture with the right token (201)", async () => {
    const { posting } = await ownPosting();
    const res = await scan(posting.code, "t", withToken);
    expect(res.status).toBe(201);
    const file = (await res.json()) as PostingFile;
    expect(file).toMatchObject({ fileType: "EXTERIOR_PICTURE", mimeType: "image/png", name: "scan.png" });
    expect((await env.MEDIA.head(keyOf(file.url)))?.httpMetadata?.contentType).toBe("image/png");
    expect(await rowsOf(posting.id)).toMatchObject([{ objectKey: keyOf(file.url), fileType: "EXTERIOR_PICTURE" }]);
  });

  it("applies the same checks: 415 for a PDF, 400 without file or template id, 404 for an unknown posting", async () => {
    const { posting } = await ownPosting();
    expect((await scan(posting.code, "t", withToken, pdf())).status).toBe(415);
    const missing = await scan(posting.code, "t", withToken, null, null);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as ErrorBody).fieldErrors).toMatchObject([
      { field: "templateImageId", kind: "MISSING" },
      { field: "file", kind: "MISSING", message: "Izberite datoteko za nalaganje." },
    ]);
    expect((await scan("NIOBSTAJA", "t", withToken)).status).toBe(404);
    expect(await rowsOf(posting.id)).toEqual([]);
  });
});

describe("rows and objects stay in step", () => {
  it("removes the R2 object again when the D1 insert fails (nothing half-saved)", async () => {
    const missingPostingId = 2_000_000_000; // no such posting: the row's foreign key fails after the R2 put
    await expect(
      storePostingFile(db(), env.MEDIA, missingPostingId, { file: png(), fileType: "EXTERIOR_PICTURE" }),
    ).rejects.toThrow();
    expect((await env.MEDIA.list({ prefix: `postings/${missingPostingId}/` })).objects).toEqual([]);
    expect(await rowsOf(missingPostingId)).toEqual([]);
  });

  it("leaves no row without its object after a mixed sequence", async () => {
    const { owner, posting } = await ownPosting();
    await upload(posting.code, owner.cookie, { fileType: "EXTERIOR_PICTURE" }, png());
    await upload(posting.code, owner.cookie, { fileType: "INVOICE" }, pdf());
    await upload(posting.code, owner.cookie, { fileType: "EXTERIOR_PICTURE" }, pdf());
    const rows = await db()
      .select()
      .from(postingFiles)
      .where(and(eq(postingFiles.postingId, posting.id)))
      .all();
    const objects = (await env.MEDIA.list({ prefix: `postings/${posting.id}/` })).objects.map((o) => o.key).sort();
    expect(rows.map((r) => r.objectKey).sort()).toEqual(objects);
  });
});
