import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dealerships } from "~/db/schema/dealerships";
import { pricingItems } from "~/db/schema/featuring";
import { postingFiles, postings } from "~/db/schema/postings";
import type { ErrorBody } from "~/domain/errors";
import type { PostingFile } from "~/domain/posting-detail";
import { apiCacheKey, pageCacheKey, privateUnlessAnonymous } from "~/services/response-cache.server";
import { reorderPostingFiles, storePostingFile } from "~/services/posting-files.server";
import {
  call,
  db,
  jpegBytes,
  pdfBytes,
  deliverPaymentEvent,
  emailsTo as mailsTo,
  json,
  makeAndModel,
  openFeaturingCheckout,
  publishedPosting,
  purchaseOfSession as purchaseOf,
  signedInUser,
  uploadedPostingFile as uploaded,
  uploadPostingFile as upload,
} from "./fixtures";

/**
 * Issue 23, a reviewer's attacks on the new routes and rules (decisions 058, 061, 062): another user's or another
 * dealership's posting, signed out, forged values, path tricks, parallel and replayed requests, huge inputs,
 * media variants as a cache-busting vector, the seller's data reaching buyers. Each test is an attack that must fail.
 */
const api = "/internal-api/v1";
const ftyp = (major: string, ...compatible: string[]) => {
  const brands = [major, "\0\0\0\0", ...compatible].join("");
  const size = 8 + brands.length;
  return new Uint8Array([0, 0, 0, size, ...new TextEncoder().encode(`ftyp${brands}`), 0, 0, 0, 8, 1, 2, 3, 4]);
};
const heicBytes = ftyp("heic", "mif1", "heic");

let seq = 0;
const tag = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

const send = (method: string, path: string, body: unknown, cookie?: string) =>
  call(`${api}${path}`, { ...json(body, cookie), method });

async function errorBody(res: Response) {
  return (await res.json()) as ErrorBody & { fieldErrors?: { field: string }[] };
}

async function otherDealershipStaff() {
  const [dealership] = await db()
    .insert(dealerships)
    .values({ name: `Tuji trgovec ${tag()}`, code: `tt-${tag()}` })
    .returning();
  return signedInUser({ dealershipId: dealership?.id ?? null });
}

/** A dealership's posting with two photos and a document, a colleague, a stranger and another dealership's staff. */
async function dealershipPosting() {
  const [dealership] = await db()
    .insert(dealerships)
    .values({ name: `Trgovec ${tag()}`, code: `tr-${tag()}` })
    .returning();
  const seller = await signedInUser({ dealershipId: dealership?.id ?? null });
  const colleague = await signedInUser({ dealershipId: dealership?.id ?? null });
  const posting = await publishedPosting({ userId: seller.user.id, dealershipId: dealership?.id ?? null });
  const a = await uploaded(posting.code, seller.cookie, new File([jpegBytes], "a.jpg"));
  const b = await uploaded(posting.code, seller.cookie, new File([jpegBytes], "b.jpg"));
  const doc = await uploaded(posting.code, seller.cookie, new File([pdfBytes], "racun.pdf"), { fileType: "INVOICE" });
  return {
    seller,
    colleague,
    posting,
    a,
    b,
    doc,
    stranger: await signedInUser(),
    otherDealer: await otherDealershipStaff(),
  };
}

const storedFiles = (postingId: number) =>
  db()
    .select()
    .from(postingFiles)
    .where(eq(postingFiles.postingId, postingId))
    .orderBy(postingFiles.sortOrder, postingFiles.id)
    .all();

describe("attacks on the photos and documents routes", () => {
  it("cover, order, document edits and delete: signed out 401, another user and another dealership 403, nothing changes", async () => {
    const { posting, a, b, doc, stranger, otherDealer } = await dealershipPosting();
    const before = await storedFiles(posting.id);
    for (const cookie of [undefined, stranger.cookie, otherDealer.cookie]) {
      const expected = cookie ? 403 : 401;
      expect((await send("POST", `/posting/${posting.code}/files/cover`, { url: b.url }, cookie)).status).toBe(
        expected,
      );
      expect(
        (await send("POST", `/posting/${posting.code}/files/order`, { urls: [b.url, a.url] }, cookie)).status,
      ).toBe(expected);
      expect(
        (await send("PATCH", `/posting/${posting.code}/file`, { url: doc.url, documentType: "OTHER" }, cookie)).status,
      ).toBe(expected);
      expect((await send("DELETE", `/posting/${posting.code}/file`, { url: a.url }, cookie)).status).toBe(expected);
      expect((await upload(posting.code, cookie ?? "", new File([jpegBytes], "x.jpg"))).status).toBe(expected);
    }
    expect(await storedFiles(posting.id)).toEqual(before);
  });

  it("a colleague in the posting's dealership may set the cover (the seller's side)", async () => {
    const { posting, b, colleague } = await dealershipPosting();
    expect((await send("POST", `/posting/${posting.code}/files/cover`, { url: b.url }, colleague.cookie)).status).toBe(
      204,
    );
    expect((await storedFiles(posting.id))[0]?.objectKey).toBe(b.url.replace("/media/", ""));
  });

  it("a file url of another posting or with path tricks names no file of this posting (404 / 400), and changes nothing", async () => {
    const mine = await dealershipPosting();
    const theirs = await dealershipPosting();
    const theirKey = theirs.b.url.replace("/media/", "");
    const myKey = mine.a.url.replace("/media/", "");
    const tricks = [
      theirs.b.url,
      `/media/postings/${mine.posting.id}/../${theirKey.split("/").slice(1).join("/")}`,
      `/media/${myKey.replace(/\//g, "%2F")}/..%2F..%2F${theirKey}`,
      `/media/%2e%2e/${theirKey}`,
      `/media/${myKey}%00`,
      `https://evil.example/media/${theirKey}`,
      "/media/private/x.pdf",
      "javascript:alert(1)",
      `/medi/${myKey}`,
    ];
    const before = await storedFiles(mine.posting.id);
    const theirsBefore = await storedFiles(theirs.posting.id);
    for (const url of tricks) {
      const cover = await send("POST", `/posting/${mine.posting.code}/files/cover`, { url }, mine.seller.cookie);
      expect(cover.status, url).toBe(404);
      const doc = await send(
        "PATCH",
        `/posting/${mine.posting.code}/file`,
        { url, documentType: "OTHER" },
        mine.seller.cookie,
      );
      expect(doc.status, url).toBe(404);
      const order = await send(
        "POST",
        `/posting/${mine.posting.code}/files/order`,
        { urls: [url] },
        mine.seller.cookie,
      );
      expect(order.status, url).toBe(400);
      expect(
        (await send("DELETE", `/posting/${mine.posting.code}/file`, { url }, mine.seller.cookie)).status,
        url,
      ).toBe(404);
    }
    // The other posting's document cannot be relabelled through mine either.
    const foreignDoc = await send(
      "PATCH",
      `/posting/${mine.posting.code}/file`,
      { url: theirs.doc.url, documentDate: "2020-01-01" },
      mine.seller.cookie,
    );
    expect(foreignDoc.status).toBe(404);
    expect(await storedFiles(mine.posting.id)).toEqual(before);
    expect(await storedFiles(theirs.posting.id)).toEqual(theirsBefore);
  });

  it("huge or malformed bodies are 400 with fieldErrors, never a 500", async () => {
    const { posting, seller, a } = await dealershipPosting();
    const huge = `/media/${"a".repeat(5000)}`;
    for (const body of [{ url: huge }, { url: "" }, { url: 42 }, {}, { url: [a.url] }]) {
      const res = await send("POST", `/posting/${posting.code}/files/cover`, body, seller.cookie);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    const many = Array.from({ length: 201 }, () => a.url);
    expect((await send("POST", `/posting/${posting.code}/files/order`, { urls: many }, seller.cookie)).status).toBe(
      400,
    );
    expect(
      (await send("POST", `/posting/${posting.code}/files/order`, { urls: [a.url, a.url] }, seller.cookie)).status,
    ).toBe(400);
    const notJson = await call(`${api}/posting/${posting.code}/files/cover`, {
      method: "POST",
      headers: { cookie: seller.cookie, "content-type": "application/json" },
      body: "{".repeat(10_000),
    });
    expect(notJson.status).toBe(400);
  });

  it("a document date in the future, year 0, before 1950, not on the calendar or 'x', and a type not in the list, are 400 on the field", async () => {
    const { posting, seller, doc, a } = await dealershipPosting();
    const before = await storedFiles(posting.id);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    for (const documentDate of [
      tomorrow,
      "0000-01-01",
      "1949-12-31",
      "2023-02-29",
      "x",
      "2020-1-1",
      "20200-01-01",
      20200101,
    ]) {
      const res = await send("PATCH", `/posting/${posting.code}/file`, { url: doc.url, documentDate }, seller.cookie);
      expect(res.status, String(documentDate)).toBe(400);
      expect((await errorBody(res)).fieldErrors?.map((f) => f.field)).toContain("documentDate");
      // The upload takes the same rule.
      const up = await upload(posting.code, seller.cookie, new File([pdfBytes], "r.pdf"), {
        fileType: "INVOICE",
        documentDate,
      });
      expect(up.status, `upload ${String(documentDate)}`).toBe(400);
    }
    for (const documentType of ["PASSPORT", "invoice", "", null, 3]) {
      const res = await send("PATCH", `/posting/${posting.code}/file`, { url: doc.url, documentType }, seller.cookie);
      expect(res.status, String(documentType)).toBe(400);
    }
    // A photo takes no document type or date.
    const photo = await send(
      "PATCH",
      `/posting/${posting.code}/file`,
      { url: a.url, documentDate: "2020-01-01" },
      seller.cookie,
    );
    expect(photo.status).toBe(400);
    expect(await storedFiles(posting.id)).toEqual(before);
  });

  it("a forged field in a document edit (another posting, another key, a file type) changes nothing but the type and date", async () => {
    const { posting, seller, doc } = await dealershipPosting();
    const other = await dealershipPosting();
    const res = await send(
      "PATCH",
      `/posting/${posting.code}/file`,
      {
        url: doc.url,
        documentType: "REPORT",
        postingId: other.posting.id,
        objectKey: "seed/x.jpg",
        fileType: "EXTERIOR_PICTURE",
        mimeType: "text/html",
      },
      seller.cookie,
    );
    expect(res.status).toBe(200);
    const row = (await storedFiles(posting.id)).find((f) => `/media/${f.objectKey}` === doc.url);
    expect(row).toMatchObject({
      postingId: posting.id,
      fileType: "INVOICE",
      documentType: "REPORT",
      mimeType: "application/pdf",
    });
  });

  it("two cover choices at once leave one cover and every photo once, in a strict order (no tie)", async () => {
    for (let round = 0; round < 4; round++) await parallelCoverRound();
  });
});

/** A db whose batches wait until `release`: two writers then both read before either writes (a race as deployed). */
function gatedDb() {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const real = db();
  const gated = new Proxy(real, {
    get(target, key, receiver) {
      if (key === "batch")
        return async (items: Parameters<typeof real.batch>[0]) => gate.then(() => target.batch(items));
      return Reflect.get(target, key, receiver);
    },
  });
  return { gated, release };
}

describe("attacks on the photos' order: two changes read before either writes", () => {
  it("two reorders racing from the same read end in one whole order, no two photos on one place", async () => {
    const owner = await signedInUser();
    const posting = await publishedPosting({ userId: owner.user.id });
    const photos: PostingFile[] = [];
    for (let i = 0; i < 4; i++)
      photos.push(await uploaded(posting.code, owner.cookie, new File([jpegBytes], `r${i}.jpg`)));
    const urls = photos.map((p) => p.url);
    const { gated, release } = gatedDb();
    const racing = Promise.all([
      // The last photo to the front (every photo moves), and the first two swapped (two move).
      reorderPostingFiles(gated, posting.id, [urls[3] ?? "", urls[0] ?? "", urls[1] ?? "", urls[2] ?? ""]),
      reorderPostingFiles(gated, posting.id, [urls[1] ?? "", urls[0] ?? ""]),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await racing;
    const rows = await storedFiles(posting.id);
    expect(rows.map((r) => r.sortOrder).sort()).toEqual([0, 1, 2, 3]);
  });
});

async function parallelCoverRound() {
  {
    const owner = await signedInUser();
    const posting = await publishedPosting({ userId: owner.user.id });
    const photos: PostingFile[] = [];
    for (let i = 0; i < 4; i++)
      photos.push(await uploaded(posting.code, owner.cookie, new File([jpegBytes], `p${i}.jpg`)));
    const [, , c, d] = photos;
    const answers = await Promise.all([
      send("POST", `/posting/${posting.code}/files/cover`, { url: c?.url }, owner.cookie),
      send("POST", `/posting/${posting.code}/files/cover`, { url: d?.url }, owner.cookie),
      send("POST", `/posting/${posting.code}/files/order`, { urls: [photos[1]?.url, photos[0]?.url] }, owner.cookie),
    ]);
    expect(answers.map((r) => r.status)).toEqual([204, 204, 204]);
    const rows = await storedFiles(posting.id);
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((r) => r.objectKey)).size).toBe(4);
    // Each request's order is applied whole: the sort orders are 0..3, no two photos share a place.
    expect(rows.map((r) => r.sortOrder).sort()).toEqual([0, 1, 2, 3]);
  }
}

describe("attacks on uploads: what is stored is what a browser shows as an image", () => {
  it("SVG, HTML named .jpg, AVIF, a PDF as a photo and an empty ftyp box are refused (415) and nothing is stored", async () => {
    const owner = await signedInUser();
    const posting = await publishedPosting({ userId: owner.user.id });
    const svg = "<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>";
    const cases: [string, BlobPart, string][] = [
      ["svg", svg, "image/svg+xml"],
      ["html as jpg", "<!doctype html><script>alert(1)</script>", "image/jpeg"],
      ["svg as heic", svg, "image/heic"],
      ["avif", ftyp("avif", "mif1", "avif"), "image/avif"],
      ["mif1 + avif", ftyp("mif1", "avif"), "image/heic"],
      ["pdf as photo", pdfBytes, "image/jpeg"],
      ["ftyp without brand", new Uint8Array([0, 0, 0, 8, 0x66, 0x74, 0x79, 0x70]), "image/heic"],
    ];
    for (const [label, bytes, type] of cases) {
      const res = await upload(posting.code, owner.cookie, new File([bytes], "IMG_1.jpg", { type }));
      expect(res.status, label).toBe(415);
    }
    // Also as a document: an SVG or HTML is no document.
    for (const bytes of [svg, "<html><body>x</body></html>"]) {
      const res = await upload(
        posting.code,
        owner.cookie,
        new File([bytes], "racun.pdf", { type: "application/pdf" }),
        {
          fileType: "INVOICE",
        },
      );
      expect(res.status).toBe(415);
    }
    expect(await storedFiles(posting.id)).toHaveLength(0);
  });

  it("a HEIC the binding turns into an SVG, HTML, PNG or nothing is refused; a HEIC sent as a document is never stored as HEIC", async () => {
    const owner = await signedInUser();
    const posting = await publishedPosting({ userId: owner.user.id });
    const answering = (bytes: Uint8Array<ArrayBuffer> | string) =>
      ({
        info: async () => ({ format: "image/heic" }),
        input: () => {
          const t = {
            transform: () => t,
            output: async () => ({
              response: () => new Response(bytes),
              contentType: () => "image/jpeg",
              image: () => new Response(bytes).body,
            }),
          };
          return t;
        },
      }) as unknown as ImagesBinding;
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    for (const out of ["<svg xmlns='http://www.w3.org/2000/svg'/>", "<html></html>", png, ""]) {
      for (const fileType of ["EXTERIOR_PICTURE", "INVOICE"] as const) {
        await expect(
          storePostingFile(
            db(),
            env.MEDIA,
            posting.id,
            { file: new File([heicBytes], "IMG_2.HEIC", { type: "image/heic" }), fileType },
            answering(out),
          ),
        ).rejects.toMatchObject({ statusCode: 415 });
      }
    }
    // Without the binding (this runtime) a HEIC document is refused too, not stored as it came.
    const res = await upload(posting.code, owner.cookie, new File([heicBytes], "racun.heic"), { fileType: "INVOICE" });
    expect(res.status).toBe(415);
    expect(await storedFiles(posting.id)).toHaveLength(0);
  });

  it("a JPEG with HTML after its header is stored as image/jpeg and served with nosniff and a sandboxing CSP", async () => {
    const owner = await signedInUser();
    const posting = await publishedPosting({ userId: owner.user.id });
    const polyglot = new Uint8Array([...jpegBytes, ...new TextEncoder().encode("<html><script>alert(1)</script>")]);
    const file = await uploaded(posting.code, owner.cookie, new File([polyglot], "x.html", { type: "text/html" }));
    expect(file.url).toMatch(/\.jpg$/);
    const res = await call(file.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
    await res.arrayBuffer();
  });
});

describe("attacks on /media's width and crop", () => {
  it("unknown parameters, odd widths and odd crop values add no variant: at most one ETag per allowed width and crop", async () => {
    const key = `seed/test/atk-${tag()}.svg`;
    await env.MEDIA.put(key, "<svg xmlns='http://www.w3.org/2000/svg'/>", {
      httpMetadata: { contentType: "image/svg+xml" },
    });
    const etags = new Set<string>();
    const queries = [
      "",
      "?x=1",
      "?w=300",
      "?w=300&crop=1",
      "?w=300&crop=1&x=2",
      "?crop=1&w=300&cb=3",
      "?w=300&crop=2",
      "?w=300&crop=true",
      "?w=300&crop=1&crop=1",
      "?w=301&crop=1",
      "?w=0",
      "?w=-300",
      "?w=3e2",
      "?w=300.0&crop=1",
      "?w=99999999999999999999&crop=1",
      "?w=1920&crop=1",
      `?w=300&crop=1&${"q".repeat(4000)}=1`,
    ];
    for (const q of queries) {
      const res = await call(`/media/${key}${q}`);
      expect(res.status, q).toBe(200);
      etags.add(res.headers.get("etag") ?? "");
      await res.arrayBuffer();
    }
    // The original, w=300, w=300 cropped, w=1920: nothing else, whatever is added to the query.
    expect(etags.size).toBeLessThanOrEqual(4);
  });

  it("path tricks and the private prefix are 404 with or without a width", async () => {
    for (const path of [
      "/media/private/x.pdf?w=300&crop=1",
      "/media/seed/../private/x.pdf?w=300",
      "/media/seed%2F..%2Fprivate%2Fx.pdf?w=300&crop=1",
      "/media/%2e%2e/x?w=300",
      "/media/%ZZ?w=300&crop=1",
      `/media/${"a/".repeat(200)}x.jpg?w=300&crop=1`,
    ]) {
      const res = await call(path);
      expect(res.status, path).toBe(404);
      await res.arrayBuffer();
    }
  });
});

describe("attacks on the preview and the quick edit", () => {
  it("the preview of a draft: signed out 401, another user 403, another dealership's staff 403, unknown 404; the seller and a colleague see it, no view counted", async () => {
    const { seller, colleague, stranger, otherDealer, posting } = await dealershipPosting();
    await db().update(postings).set({ status: "DRAFT", publishedAt: null }).where(eq(postings.id, posting.id));
    const preview = (cookie?: string, code = posting.code) =>
      call(`${api}/draft/${code}/preview`, cookie ? { headers: { cookie } } : {});
    expect((await preview()).status).toBe(401);
    expect((await preview(stranger.cookie)).status).toBe(403);
    expect((await preview(otherDealer.cookie)).status).toBe(403);
    expect((await preview(seller.cookie, "NEOBSTAJA1")).status).toBe(404);
    // By numeric id too, the same rule.
    expect((await preview(stranger.cookie, String(posting.id))).status).toBe(403);
    for (const who of [seller, colleague]) {
      const res = await preview(who.cookie);
      expect(res.status).toBe(200);
      await res.json();
    }
    // The public posting answer still hides the draft from anyone else.
    expect((await call(`${api}/postings/${posting.code}`, { headers: { cookie: stranger.cookie } })).status).toBe(404);
    const row = await db().select().from(postings).where(eq(postings.id, posting.id)).get();
    expect(row?.viewsTotal ?? 0).toBe(0);
  });

  it("the quick edit: another user and another dealership 403, signed out 401; forged owner and status are ignored", async () => {
    const { seller, stranger, otherDealer, posting } = await dealershipPosting();
    for (const [cookie, status] of [
      [undefined, 401],
      [stranger.cookie, 403],
      [otherDealer.cookie, 403],
    ] as const)
      expect((await send("POST", `/draft/${posting.code}`, { price: 100 }, cookie)).status).toBe(status);
    const res = await send(
      "POST",
      `/draft/${posting.code}`,
      { price: 990_000, status: "DRAFT", userId: stranger.user.id, dealershipId: null, featuredUntil: "2099-01-01" },
      seller.cookie,
    );
    expect(res.status).toBe(200);
    const row = await db().select().from(postings).where(eq(postings.id, posting.id)).get();
    expect(row).toMatchObject({ price: 990_000, status: "PUBLISHED", userId: seller.user.id, featuredUntil: null });
    expect(row?.dealershipId).not.toBeNull();
  });

  it("a published posting cannot be left without a price, mileage, make or model, also by changing the make alone", async () => {
    const owner = await signedInUser();
    const first = await makeAndModel(`Prva ${tag()}`);
    const second = await makeAndModel(`Druga ${tag()}`);
    const posting = await publishedPosting({
      userId: owner.user.id,
      manufacturerId: first.maker.id,
      baseModelId: first.model.id,
      fuel: "DIESEL",
      contactRegion: "KRANJ",
    });
    for (const patch of [
      { price: null },
      { odometerKm: null },
      { manufacturer: null },
      { model: null },
      { fuel: null },
      { contactRegion: null },
      // A new make without a model would clear the old make's model.
      { manufacturer: second.maker.code },
    ]) {
      const res = await send("POST", `/draft/${posting.code}`, patch, owner.cookie);
      expect(res.status, JSON.stringify(patch)).toBe(400);
    }
    const row = await db().select().from(postings).where(eq(postings.id, posting.id)).get();
    expect(row).toMatchObject({
      manufacturerId: first.maker.id,
      baseModelId: first.model.id,
      price: 1_234_500,
      odometerKm: 85_000,
      status: "PUBLISHED",
    });
    // The make and its model together is a legitimate change.
    const both = await send(
      "POST",
      `/draft/${posting.code}`,
      { manufacturer: second.maker.code, model: "model" },
      owner.cookie,
    );
    expect(both.status).toBe(200);
    // Drafts still save half-filled.
    await db().update(postings).set({ status: "DRAFT" }).where(eq(postings.id, posting.id));
    expect((await send("POST", `/draft/${posting.code}`, { price: null }, owner.cookie)).status).toBe(200);
  });

  it("a quick edit replayed or doubled ends in one state", async () => {
    const owner = await signedInUser();
    const posting = await publishedPosting({ userId: owner.user.id });
    const body = { price: 777_700, odometerKm: 12_345, description: "Lep avto." };
    const answers = await Promise.all([1, 2, 3].map(() => send("POST", `/draft/${posting.code}`, body, owner.cookie)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await send("POST", `/draft/${posting.code}`, body, owner.cookie)).status).toBe(200);
    const row = await db().select().from(postings).where(eq(postings.id, posting.id)).get();
    expect(row).toMatchObject({ price: 777_700, searchPrice: 777_700, odometerKm: 12_345, status: "PUBLISHED" });
  });
});

const paidEvent = (id: string, sessionId: string, amount: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    id,
    object: "event",
    type: "checkout.session.completed",
    data: {
      object: { id: sessionId, object: "checkout.session", payment_status: "paid", amount_total: amount, ...extra },
    },
  });

async function openCheckout(code: string, cookie: string) {
  await db()
    .insert(pricingItems)
    // A duration of this file's own (21 days): the test database is shared, and other files price 7, 14, 30 and 60.
    .values([{ package: "EXPOSED" as const, days: 21, pricePerDay: 120 }])
    .onConflictDoNothing();
  return openFeaturingCheckout(code, cookie, 21);
}

describe("attacks after paying: the receipt, closing a checkout, the owner's data", () => {
  it("an unsigned or wrongly signed 'paid' event, or one with another amount, sends no receipt and adds no day", async () => {
    const seller = await signedInUser();
    const posting = await publishedPosting({ userId: seller.user.id });
    const sessionId = await openCheckout(posting.code, seller.cookie);
    const forged = paidEvent(`evt_forged_${sessionId}`, sessionId, 2520, { customer_email: "napadalec@primer.si" });
    for (const signature of ["", "t=1,v1=deadbeef"]) {
      const res = await call(`${api}/payments/webhook`, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body: forged,
      });
      expect(res.status).toBe(400);
    }
    // Signed, but the amount is not the purchase's (a cheaper checkout's event replayed at this session).
    await deliverPaymentEvent(paidEvent(`evt_cheap_${sessionId}`, sessionId, 1));
    expect((await purchaseOf(sessionId))?.status).toBe("PENDING");
    expect(await mailsTo(seller.user.email)).toHaveLength(0);
    // The real payment: one receipt, to the buyer's own address, never to an address named in the event.
    await deliverPaymentEvent(forged);
    expect(await mailsTo(seller.user.email)).toHaveLength(1);
    expect(await mailsTo("napadalec@primer.si")).toHaveLength(0);
  });

  it("closing a checkout: another dealership 403, a colleague closes only their own, never the seller's", async () => {
    const { seller, colleague, otherDealer, posting } = await dealershipPosting();
    const sessionId = await openCheckout(posting.code, seller.cookie);
    const close = (cookie: string) =>
      call(`${api}/postings/${posting.code}/checkout`, { method: "DELETE", headers: { cookie } });
    expect((await close(otherDealer.cookie)).status).toBe(403);
    const byColleague = await close(colleague.cookie);
    expect(byColleague.status).toBe(200);
    expect(await byColleague.json()).toEqual({ cancelled: false });
    expect((await purchaseOf(sessionId))?.status).toBe("PENDING");
  });

  it("a close racing the payment: either paid with its days and one receipt, or cancelled with neither", async () => {
    for (let round = 0; round < 3; round++) {
      const seller = await signedInUser();
      const posting = await publishedPosting({ userId: seller.user.id });
      const sessionId = await openCheckout(posting.code, seller.cookie);
      const [closed, paid] = await Promise.all([
        call(`${api}/postings/${posting.code}/checkout`, { method: "DELETE", headers: { cookie: seller.cookie } }),
        call(`${api}/dev/payments/${sessionId}/pay`, { method: "POST", headers: { cookie: seller.cookie } }),
      ]);
      expect(closed.status).toBe(200);
      expect([200, 400, 404, 409, 410]).toContain(paid.status);
      await paid.arrayBuffer();
      const purchase = await purchaseOf(sessionId);
      const row = await db().select().from(postings).where(eq(postings.id, posting.id)).get();
      const mails = await mailsTo(seller.user.email);
      if (purchase?.status === "PAID") {
        expect(row?.featuredUntil).not.toBeNull();
        expect(mails).toHaveLength(1);
      } else {
        expect(purchase?.status).toBe("CANCELLED");
        expect(row?.featuredUntil).toBeNull();
        expect(mails).toHaveLength(0);
      }
    }
  });

  it("the owner field reaches the seller's side only: another dealership and an admin get null; the owner's answer is never stored by a shared cache", async () => {
    const { seller, colleague, otherDealer, stranger, posting } = await dealershipPosting();
    await db()
      .update(postings)
      .set({ featuredUntil: new Date(Date.now() + 10 * 86_400_000).toISOString(), featuredPackage: "EXPOSED" })
      .where(eq(postings.id, posting.id));
    const admin = await signedInUser({ amzsAdmin: true });
    const answer = async (cookie?: string) => {
      const res = await call(`${api}/postings/${posting.code}`, cookie ? { headers: { cookie } } : {});
      return { res, body: (await res.json()) as { owner: unknown } };
    };
    for (const who of [otherDealer, stranger, admin]) expect((await answer(who.cookie)).body.owner).toBeNull();
    expect((await answer()).body.owner).toBeNull();
    for (const who of [seller, colleague]) {
      const { res, body } = await answer(who.cookie);
      expect(body.owner).not.toBeNull();
      // No shared cache (a CDN, a proxy) may keep it and hand it to a buyer.
      expect(res.headers.get("cache-control") ?? "").toMatch(/private|no-store/);
    }
    // The isolate's own caches never key a signed-in request, and never the posting answer at all.
    const withCookie = (path: string) => new Request(`http://localhost${path}`, { headers: { cookie: seller.cookie } });
    expect(pageCacheKey(withCookie(`/oglas/${posting.id}`))).toBeNull();
    expect(apiCacheKey(withCookie(`${api}/postings/${posting.code}`))).toBeNull();
    expect(apiCacheKey(new Request(`http://localhost${api}/postings/${posting.code}`))).toBeNull();
    expect(
      pageCacheKey(
        new Request(`http://localhost/oglas/${posting.id}`, { headers: { cookie: `__Host-${seller.cookie}` } }),
      ),
    ).toBeNull();
    // The owner's page is marked private for any cache between; a buyer's page is left as it was.
    const page = () => new Response("<html></html>", { headers: { "content-type": "text/html" } });
    expect(privateUnlessAnonymous(withCookie(`/oglas/${posting.id}`), page()).headers.get("cache-control")).toBe(
      "private",
    );
    expect(
      privateUnlessAnonymous(new Request(`http://localhost/oglas/${posting.id}`), page()).headers.get("cache-control"),
    ).toBeNull();
  });
});
