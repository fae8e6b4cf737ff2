import { env } from "cloudflare:workers";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { app } from "~/api/app";
import { appConfig } from "~/app.config";
import { articles } from "~/db/schema/content";
import { dealerSignupRequests, dealershipNetworks, dealerships } from "~/db/schema/dealerships";
import { postingFiles } from "~/db/schema/postings";
import { outbox } from "~/db/schema/system";
import { type ErrorBody, unknownErrorMessage } from "~/domain/errors";
import { oversizedPictureMessage } from "~/domain/image-size";
import type { PublicDealership } from "~/domain/dealership";
import type { PostingFile } from "~/domain/posting-detail";
import { articleAdminMessages } from "~/contracts/admin-articles";
import { dealerSignupMessages } from "~/contracts/dealer-signup";
import { dealerPageServerMessages } from "~/services/dealer-page.server";
import { extractKeyPrefix } from "~/services/dealer-signup.server";
import { postingFileMessages } from "~/services/posting-files.server";
import { db, freshClientIp, signedInUser } from "./fixtures";
import { newDraft } from "./hostile-fixtures";
import { crc32 } from "./photo-fixtures";

// Issue #11, uploads: every upload path (posting files, dealership logo and banner, dealer sign-up
// extract, article picture, network logo and banner) refuses disguised files, oversized files,
// "decompression bombs" and hostile file names cleanly; the media route never serves private/ or
// another object's bytes; and R2 or D1 failing half-way leaves rows and objects in step.

const api = "/internal-api/v1";
let serial = 0;
const tag = `uh${Date.now().toString(36)}`;
const unique = () => `${tag}${(serial++).toString(36)}`;

// ---- files --------------------------------------------------------------------------------------

const fromBase64 = (s: string) => Uint8Array.from(atob(s), (ch) => ch.charCodeAt(0));
const ascii = (s: string) => new TextEncoder().encode(s);
/** A real 1 × 1 PNG (68 bytes). */
const png1x1 = fromBase64(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
);
const pdfBytes = ascii("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");

/** The real 1 × 1 PNG with its IHDR (and checksum) rewritten to declare width × height: a valid 68-byte file. */
function pngOf(width: number, height: number) {
  const b = png1x1.slice();
  const view = new DataView(b.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  view.setUint32(29, crc32(b.subarray(12, 29)));
  return b;
}

/** A baseline JPEG header (JFIF, then the frame) declaring width × height; `junk` goes between the two. */
const jpegOf = (width: number, height: number, junk: number[] = []) =>
  Uint8Array.from([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0,
    16,
    0x4a,
    0x46,
    0x49,
    0x46,
    0,
    1,
    1,
    0,
    0,
    1,
    0,
    1,
    0,
    0,
    ...junk,
    0xff,
    0xc0,
    0,
    17,
    8,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
    0xff,
    0xd9,
  ]);

/** An extended WebP (VP8X) header declaring a canvas of width × height (24-bit sides). */
function webpOf(width: number, height: number) {
  const b = new Uint8Array(30);
  const view = new DataView(b.buffer);
  b.set(ascii("RIFF"), 0);
  view.setUint32(4, 22, true);
  b.set(ascii("WEBPVP8X"), 8);
  view.setUint32(16, 10, true);
  const [w, h] = [width - 1, height - 1];
  b.set([w & 0xff, (w >> 8) & 0xff, (w >> 16) & 0xff, h & 0xff, (h >> 8) & 0xff, (h >> 16) & 0xff], 24);
  return b;
}

const file = (bytes: Uint8Array<ArrayBuffer> | string, name: string, type: string) => new File([bytes], name, { type });
const pngFile = (name = "slika.png") => file(png1x1, name, "image/png");
const bannerFile = (name = "pasica.jpg") => file(jpegOf(1440, 500), name, "image/jpeg");

/** Files that claim to be pictures by name and declared type, but are not by their bytes. */
const disguised = () => [
  file("to ni slika, samo besedilo", "avto.jpg", "image/jpeg"),
  file("<!doctype html><script>alert(1)</script>", "avto.jpg", "image/jpeg"),
  file("<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>", "avto.png", "image/png"),
  file("GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;", "avto.gif", "image/gif"),
  file(Uint8Array.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]), "avto.webp", "image/webp"),
];

/** Tiny files whose headers declare more pixels than an upload may have (12 000 a side, 100 million in all). */
const bombs = () => [
  file(pngOf(60_000, 60_000), "bomba.png", "image/png"),
  file(jpegOf(60_000, 60_000), "bomba.jpg", "image/jpeg"),
  file(webpOf(100_000, 1), "bomba.webp", "image/webp"),
  file(pngOf(appConfig.images.uploadMaxSidePx + 1, 1), "siroka.png", "image/png"),
  file(pngOf(10_001, 10_000), "100mp.png", "image/png"),
  // Junk before the frame: decoders skip it, so the check must too.
  file(jpegOf(60_000, 60_000, [0x00, 0x13, 0x37]), "skrita.jpg", "image/jpeg"),
];

/** A file just over the size limit, starting like a real PNG. */
function oversized(name = "velika.png") {
  const big = new Uint8Array(appConfig.limits.fileSizeBytes + 1);
  big.set(png1x1);
  return file(big, name, "image/png");
}

/** Client file names that try to steer where a file is stored. */
const hostileNames = [
  "../../etc/passwd.png",
  "..\\..\\windows\\system32\\x.png",
  "/etc/shadow.png",
  "..%2F..%2Fx.png",
  "....//....//x.png",
  `${"x".repeat(5_000)}.png`,
  "💥 Škoda čšž.png",
  "\u202egnp.exe",
];

// ---- calls and faults ---------------------------------------------------------------------------

const call = (path: string, init: RequestInit = {}, bindings: Partial<Env> = {}) =>
  app.request(`http://localhost${path}`, init, { ...env, ...bindings });

/** A clean error: the status, the spec's body shape with the Slovenian message, nothing internal. */
async function expectError(res: Response, status: number, message: string): Promise<ErrorBody> {
  expect(res.status).toBe(status);
  const text = await res.text();
  const body = JSON.parse(text) as ErrorBody;
  expect(body).toMatchObject({
    message,
    statusCode: status,
    fieldErrors: expect.any(Array),
    errors: expect.any(Array),
  });
  expect(text).not.toMatch(/injected|no_such_table|D1_ERROR|SQLITE|\bat \S+:\d+|stack/i);
  return body;
}

type R2Faults = { failPutFrom?: number; landThenFail?: boolean; failDelete?: boolean };

/**
 * The real R2 binding with faults: from the `failPutFrom`-th put on, put throws (with `landThenFail`
 * only after R2 stored the object, as when the answer is lost); `failDelete` makes delete throw.
 * `puts` lists every key a put was asked for.
 */
function faultyR2(real: R2Bucket, faults: R2Faults = {}) {
  const puts: string[] = [];
  const bucket = new Proxy(real, {
    get(target, prop) {
      if (prop === "put") {
        return async (key: string, value: Parameters<R2Bucket["put"]>[1], options?: R2PutOptions) => {
          puts.push(key);
          if (faults.failPutFrom !== undefined && puts.length >= faults.failPutFrom) {
            if (faults.landThenFail) await target.put(key, value, options);
            throw new Error("injected R2 put fault (internal detail)");
          }
          return target.put(key, value, options);
        };
      }
      if (prop === "delete" && faults.failDelete) {
        return async () => {
          throw new Error("injected R2 delete fault");
        };
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { bucket, puts };
}

/** The real D1 binding where every statement whose SQL matches `pattern` fails (alone or inside a batch). */
function failingD1(real: D1Database, pattern: RegExp): D1Database {
  const wrap = <T extends D1Database | D1DatabaseSession>(target: T): T =>
    new Proxy(target, {
      get(t, prop) {
        if (prop === "prepare")
          return (query: string) =>
            t.prepare(pattern.test(query) ? "SELECT * FROM no_such_table_injected_fault" : query);
        if (prop === "withSession") return (bookmark?: string) => wrap((t as D1Database).withSession(bookmark));
        const value: unknown = Reflect.get(t, prop, t);
        return typeof value === "function" ? value.bind(t) : value;
      },
    });
  return wrap(real);
}

/** Every key in the bucket under `prefix` (all pages), sorted. */
async function keysUnder(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.MEDIA.list({ prefix, cursor });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys.sort();
}

const keyOf = (url: string | null | undefined) => (url ?? "").replace(/^\/media\//, "");
const uuid = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

// ---- posting files (the draft's pictures and documents) ------------------------------------------

async function ownDraft() {
  const seller = await signedInUser();
  const draft = await newDraft(seller.user.id);
  return { seller, draft };
}

function uploadTo(
  code: string,
  cookie: string,
  upload: File,
  fileType = "EXTERIOR_PICTURE",
  bindings: Partial<Env> = {},
) {
  const form = new FormData();
  form.set("metaData", JSON.stringify({ fileType }));
  form.set("fileContent", upload);
  return call(`${api}/posting/${code}/file`, { method: "POST", body: form, headers: { cookie } }, bindings);
}

/** The draft's files as the wizard shows them (GET draft/{code}), by URL. */
async function draftFiles(code: string, cookie: string): Promise<PostingFile[]> {
  const res = await call(`${api}/draft/${code}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  const draft = (await res.json()) as { pictures: PostingFile[]; documents: PostingFile[] };
  return [...draft.pictures, ...draft.documents].sort((a, b) => a.url.localeCompare(b.url));
}

/** Rows and objects of a posting in step: every row's object exists, and no object under its prefix lacks a row. */
async function expectPostingInStep(postingId: number) {
  const rows = await db()
    .select({ objectKey: postingFiles.objectKey })
    .from(postingFiles)
    .where(eq(postingFiles.postingId, postingId))
    .all();
  expect(await keysUnder(`postings/${postingId}/`)).toEqual(rows.map((r) => r.objectKey).sort());
}

describe("uploads: posting files (draft pictures and documents)", () => {
  it("sniffs the bytes: text, HTML, SVG, GIF and an executable named and declared as pictures are 415; a PDF is no picture", async () => {
    const { seller, draft } = await ownDraft();
    for (const fake of disguised())
      await expectError(await uploadTo(draft.code, seller.cookie, fake), 415, postingFileMessages.unsupported);
    await expectError(
      await uploadTo(draft.code, seller.cookie, file(pdfBytes, "avto.jpg", "image/jpeg")),
      415,
      postingFileMessages.unsupported,
    );
    // An HTML page is no document either.
    await expectError(
      await uploadTo(
        draft.code,
        seller.cookie,
        file("<html><body>racun</body></html>", "racun.pdf", "application/pdf"),
        "INVOICE",
      ),
      415,
      postingFileMessages.unsupported,
    );
    expect(await draftFiles(draft.code, seller.cookie)).toEqual([]);
    await expectPostingInStep(draft.id);
  });

  it("answers 413 for a file over 15 MB and for a request body over the limit", async () => {
    const { seller, draft } = await ownDraft();
    await expectError(await uploadTo(draft.code, seller.cookie, oversized()), 413, postingFileMessages.tooLarge);
    const huge = new Uint8Array(appConfig.limits.fileSizeBytes + appConfig.limits.maxJsonBodyBytes + 1024);
    huge.set(png1x1);
    await expectError(
      await uploadTo(draft.code, seller.cookie, file(huge, "ogromna.png", "image/png")),
      413,
      "Zahteva je prevelika.",
    );
    expect(await draftFiles(draft.code, seller.cookie)).toEqual([]);
    await expectPostingInStep(draft.id);
  });

  it("refuses pictures whose header declares enormous dimensions (413, as pictures and as documents) and takes one just within", async () => {
    const { seller, draft } = await ownDraft();
    for (const bomb of bombs())
      await expectError(await uploadTo(draft.code, seller.cookie, bomb), 413, oversizedPictureMessage);
    await expectError(
      await uploadTo(draft.code, seller.cookie, file(pngOf(60_000, 60_000), "racun.png", "image/png"), "INVOICE"),
      413,
      oversizedPictureMessage,
    );
    expect(await draftFiles(draft.code, seller.cookie)).toEqual([]);

    // 12 000 × 8 000 = 96 million pixels: a large but real photo still goes in.
    const within = await uploadTo(
      draft.code,
      seller.cookie,
      file(pngOf(appConfig.images.uploadMaxSidePx, 8_000), "panorama.png", "image/png"),
    );
    expect(within.status).toBe(201);
    expect((await draftFiles(draft.code, seller.cookie)).map((f) => f.name)).toEqual(["panorama.png"]);
    await expectPostingInStep(draft.id);
  });

  it("stores files with hostile names under server-made keys; the name is kept for display only, without a path", async () => {
    const { seller, draft } = await ownDraft();
    for (const name of hostileNames) {
      const res = await uploadTo(draft.code, seller.cookie, pngFile(name));
      expect(res.status, name).toBe(201);
      const stored = (await res.json()) as PostingFile;
      expect(stored.url).toMatch(new RegExp(`^/media/postings/${draft.id}/${uuid}\\.png$`));
      expect(stored.name ?? "").not.toMatch(/[/\\\u0000-\u001f]/);
      expect((stored.name ?? "").length).toBeLessThanOrEqual(200);
    }
    // A NUL in the part's file name: the multipart parser refuses the whole body, cleanly.
    await expectError(
      await uploadTo(draft.code, seller.cookie, pngFile("a\u0000../../b.png")),
      400,
      "Telo zahteve ni veljaven obrazec.",
    );
    const names = (await draftFiles(draft.code, seller.cookie)).map((f) => f.name);
    expect(names).toEqual(expect.arrayContaining(["passwd.png", "x.png", "shadow.png", "💥 Škoda čšž.png"]));
    expect(names).toHaveLength(hostileNames.length);
    await expectPostingInStep(draft.id);
    // Nothing anywhere in the bucket was named after a client: no key climbs out or carries a client's path.
    for (const key of await keysUnder("")) expect(key).not.toMatch(/\.\.|\\|\u0000|passwd|shadow|system32|%2F/i);
  });

  it("R2 failing on put: a Slovenian 500, the draft keeps exactly its previous picture and no object is left behind", async () => {
    const { seller, draft } = await ownDraft();
    expect((await uploadTo(draft.code, seller.cookie, pngFile("prva.png"))).status).toBe(201);
    const before = await draftFiles(draft.code, seller.cookie);
    // Put refused, and put that stored the object but whose answer was lost.
    for (const landThenFail of [false, true]) {
      const { bucket, puts } = faultyR2(env.MEDIA, { failPutFrom: 1, landThenFail });
      await expectError(
        await uploadTo(draft.code, seller.cookie, pngFile("druga.png"), "EXTERIOR_PICTURE", { MEDIA: bucket }),
        500,
        unknownErrorMessage,
      );
      expect(puts).toHaveLength(1);
      expect(await env.MEDIA.head(puts[0] ?? "")).toBeNull();
      expect(await draftFiles(draft.code, seller.cookie)).toEqual(before);
      await expectPostingInStep(draft.id);
    }
    // R2 well again: the same upload goes through.
    expect((await uploadTo(draft.code, seller.cookie, pngFile("druga.png"))).status).toBe(201);
    expect((await draftFiles(draft.code, seller.cookie)).map((f) => f.name).sort()).toEqual(["druga.png", "prva.png"]);
  });

  it("D1 failing after the put: a Slovenian 500 and the object is deleted again", async () => {
    const { seller, draft } = await ownDraft();
    expect((await uploadTo(draft.code, seller.cookie, pngFile("prva.png"))).status).toBe(201);
    const before = await draftFiles(draft.code, seller.cookie);
    const { bucket, puts } = faultyR2(env.MEDIA);
    const res = await uploadTo(draft.code, seller.cookie, pngFile("druga.png"), "EXTERIOR_PICTURE", {
      MEDIA: bucket,
      DB: failingD1(env.DB, /insert into "posting_files"/i),
    });
    await expectError(res, 500, unknownErrorMessage);
    expect(puts).toHaveLength(1);
    expect(await env.MEDIA.head(puts[0] ?? "")).toBeNull();
    expect(await draftFiles(draft.code, seller.cookie)).toEqual(before);
    await expectPostingInStep(draft.id);
  });

  it("R2 failing on delete: the file still leaves the draft (204) and no row points at a missing object", async () => {
    const { seller, draft } = await ownDraft();
    const kept = (await (await uploadTo(draft.code, seller.cookie, pngFile("ostane.png"))).json()) as PostingFile;
    const removed = (await (await uploadTo(draft.code, seller.cookie, pngFile("gre.png"))).json()) as PostingFile;
    const { bucket } = faultyR2(env.MEDIA, { failDelete: true });
    const res = await call(
      `${api}/posting/${draft.code}/file`,
      {
        method: "DELETE",
        headers: { cookie: seller.cookie, "content-type": "application/json" },
        body: JSON.stringify({ url: removed.url }),
      },
      { MEDIA: bucket },
    );
    expect(res.status).toBe(204);
    expect((await draftFiles(draft.code, seller.cookie)).map((f) => f.url)).toEqual([kept.url]);
    expect(await env.MEDIA.head(keyOf(kept.url))).not.toBeNull();
    // The unused object stays (logged) until R2 answers again; it is nobody's file.
    expect(await keysUnder(`postings/${draft.id}/`)).toEqual([keyOf(kept.url), keyOf(removed.url)].sort());
  });
});

// ---- dealership page: logo and banner ------------------------------------------------------------

const pageValues = {
  publicName: "Avto Napad",
  address: "Cesta 1",
  postalCode: "1000",
  city: "Ljubljana",
  brands: [] as string[],
};

async function ownDealership() {
  const code = `uh-${unique()}`;
  const [row] = await db()
    .insert(dealerships)
    .values({ code, name: `Napad ${code} d.o.o.`, publicName: "Avto Napad" })
    .returning();
  if (!row) throw new Error("dealership not inserted");
  const head = await signedInUser({ dealershipId: row.id, dealershipRole: "HEAD" });
  return { id: row.id, code, cookie: head.cookie };
}

function savePage(
  code: string,
  cookie: string,
  parts: { logo?: File; banner?: File; publicName?: string },
  bindings: Partial<Env> = {},
) {
  const form = new FormData();
  form.set("dealership", JSON.stringify({ ...pageValues, publicName: parts.publicName ?? pageValues.publicName }));
  if (parts.logo) form.set("logo", parts.logo);
  if (parts.banner) form.set("banner", parts.banner);
  return call(`${api}/dealership/${code}`, { method: "POST", body: form, headers: { cookie } }, bindings);
}

async function publicPage(code: string) {
  const res = await call(`${api}/dealership/${code}`);
  expect(res.status).toBe(200);
  return (await res.json()) as PublicDealership;
}

/** The dealership's pictures exist in R2, and nothing else lies under its prefix. */
async function expectDealerInStep(id: number, code: string) {
  const page = await publicPage(code);
  const shown = [page.logoUrl, page.bannerUrl].filter((u): u is string => Boolean(u)).map(keyOf);
  expect(await keysUnder(`dealers/${id}/`)).toEqual(shown.sort());
}

describe("uploads: dealership logo and banner", () => {
  it("refuses disguised pictures with a fieldError on the part and changes nothing", async () => {
    const dealer = await ownDealership();
    for (const fake of disguised()) {
      const body = await expectError(
        await savePage(dealer.code, dealer.cookie, { logo: fake, banner: fake, publicName: "Ne shrani" }),
        400,
        dealerPageServerMessages.pictureType,
      );
      expect(body.fieldErrors).toEqual([
        { field: "logo", kind: "INVALID", message: dealerPageServerMessages.pictureType },
        { field: "banner", kind: "INVALID", message: dealerPageServerMessages.pictureType },
      ]);
    }
    expect(await publicPage(dealer.code)).toMatchObject({ name: "Avto Napad", logoUrl: null, bannerUrl: null });
    await expectDealerInStep(dealer.id, dealer.code);
  });

  it("refuses a logo over 15 MB and pictures declaring enormous dimensions (before the banner's own size check)", async () => {
    const dealer = await ownDealership();
    const tooBig = await expectError(
      await savePage(dealer.code, dealer.cookie, { logo: oversized() }),
      400,
      dealerPageServerMessages.pictureTooLarge,
    );
    expect(tooBig.fieldErrors).toEqual([
      { field: "logo", kind: "INVALID", message: dealerPageServerMessages.pictureTooLarge },
    ]);
    for (const bomb of bombs()) {
      const body = await expectError(
        await savePage(dealer.code, dealer.cookie, { logo: bomb, banner: bomb }),
        400,
        oversizedPictureMessage,
      );
      expect(body.fieldErrors.map((e) => [e.field, e.message])).toEqual([
        ["logo", oversizedPictureMessage],
        ["banner", oversizedPictureMessage],
      ]);
    }
    expect(await publicPage(dealer.code)).toMatchObject({ logoUrl: null, bannerUrl: null });
    await expectDealerInStep(dealer.id, dealer.code);
  });

  it("stores a logo and a banner with hostile names under server-made keys", async () => {
    const dealer = await ownDealership();
    const res = await savePage(dealer.code, dealer.cookie, {
      logo: pngFile("../../../etc/logo.png"),
      banner: bannerFile("..\\..\\pasica.jpg"),
    });
    expect(res.status).toBe(200);
    const page = (await res.json()) as PublicDealership;
    expect(page.logoUrl).toMatch(new RegExp(`^/media/dealers/${dealer.id}/logo-${uuid}\\.png$`));
    expect(page.bannerUrl).toMatch(new RegExp(`^/media/dealers/${dealer.id}/banner-${uuid}\\.jpg$`));
    await expectDealerInStep(dealer.id, dealer.code);
  });

  it("R2 failing on the second picture (the banner): 500, the page keeps its pictures and values, the new logo is removed again", async () => {
    const dealer = await ownDealership();
    expect((await savePage(dealer.code, dealer.cookie, { logo: pngFile(), banner: bannerFile() })).status).toBe(200);
    const before = await publicPage(dealer.code);
    for (const landThenFail of [false, true]) {
      const { bucket, puts } = faultyR2(env.MEDIA, { failPutFrom: 2, landThenFail });
      await expectError(
        await savePage(
          dealer.code,
          dealer.cookie,
          { logo: pngFile(), banner: bannerFile(), publicName: "Nova stran" },
          { MEDIA: bucket },
        ),
        500,
        unknownErrorMessage,
      );
      expect(puts).toHaveLength(2);
      for (const key of puts) expect(await env.MEDIA.head(key)).toBeNull();
      expect(await publicPage(dealer.code)).toEqual(before);
      await expectDealerInStep(dealer.id, dealer.code);
    }
  });

  it("D1 failing after both puts: 500, both new objects are removed, the old pictures stay", async () => {
    const dealer = await ownDealership();
    expect((await savePage(dealer.code, dealer.cookie, { logo: pngFile(), banner: bannerFile() })).status).toBe(200);
    const before = await publicPage(dealer.code);
    const { bucket, puts } = faultyR2(env.MEDIA);
    const res = await savePage(
      dealer.code,
      dealer.cookie,
      { logo: pngFile(), banner: bannerFile(), publicName: "Nova stran" },
      { MEDIA: bucket, DB: failingD1(env.DB, /^update "dealerships"/i) },
    );
    await expectError(res, 500, unknownErrorMessage);
    expect(puts).toHaveLength(2);
    for (const key of puts) expect(await env.MEDIA.head(key)).toBeNull();
    expect(await publicPage(dealer.code)).toEqual(before);
    await expectDealerInStep(dealer.id, dealer.code);
  });
});

// ---- dealer sign-up: the business register extract (private) -------------------------------------

const freshIp = freshClientIp;
function freshMobile() {
  const six = String(100000 + ((Date.now() + serial++ * 7919) % 900000)).slice(-6);
  return { typed: `069 ${six.slice(0, 3)} ${six.slice(3)}`, canonical: `+38669${six}` };
}

const signupFields = (phone: string, pin: string) => ({
  companyName: `Napad ${unique()} d.o.o.`,
  taxNumber: "SI 80267432",
  registrationNumber: "5860571000",
  firstName: "Maja",
  lastName: "Kovač",
  phoneNumber: phone,
  email: `napad-${unique()}@primer.si`,
  pin,
});

function submitSignup(fields: ReturnType<typeof signupFields>, extract: File, bindings: Partial<Env> = {}) {
  const form = new FormData();
  form.set("dealership", JSON.stringify(fields));
  form.set("businessRegistryExtract", extract);
  return call(
    `${api}/dealer-signup-interest`,
    { method: "POST", body: form, headers: { "cf-connecting-ip": freshIp() } },
    bindings,
  );
}

/** Fields with a password really sent to a fresh number (read from the local SMS outbox). */
async function fieldsWithPassword() {
  const phone = freshMobile();
  const sent = await call(`${api}/dealer-signup-interest/pin`, {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": freshIp() },
    body: JSON.stringify({ phoneNumber: phone.typed }),
  });
  expect(sent.status).toBe(202);
  const row = await db()
    .select({ pin: outbox.pin })
    .from(outbox)
    .where(eq(outbox.toAddress, phone.canonical))
    .orderBy(desc(outbox.id))
    .get();
  return signupFields(phone.typed, row?.pin ?? "");
}

const requestsByEmail = (email: string) =>
  db().select().from(dealerSignupRequests).where(eq(dealerSignupRequests.email, email)).all();
const pdfFile = (name = "izpisek.pdf") => file(pdfBytes, name, "application/pdf");

describe("uploads: dealer sign-up extract", () => {
  it("refuses a disguised extract (415), one over 15 MB (413) and a picture declaring enormous dimensions (413), each on the field", async () => {
    const fields = signupFields("070 123 456", "12345"); // the file is checked before the password
    const html = await expectError(
      await submitSignup(fields, file("<html><script>alert(1)</script></html>", "izpisek.pdf", "application/pdf")),
      415,
      dealerSignupMessages.extractUnsupported,
    );
    expect(html.fieldErrors).toEqual([
      { field: "businessRegistryExtract", kind: "INVALID", message: dealerSignupMessages.extractUnsupported },
    ]);
    await expectError(
      await submitSignup(fields, file("<svg onload='alert(1)'/>", "izpisek.png", "image/png")),
      415,
      dealerSignupMessages.extractUnsupported,
    );
    await expectError(await submitSignup(fields, oversized("izpisek.png")), 413, dealerSignupMessages.extractTooLarge);
    for (const bomb of bombs()) {
      const body = await expectError(await submitSignup(fields, bomb), 413, oversizedPictureMessage);
      expect(body.fieldErrors).toEqual([
        { field: "businessRegistryExtract", kind: "INVALID", message: oversizedPictureMessage },
      ]);
    }
    expect(await requestsByEmail(fields.email)).toEqual([]);
  });

  it("stores an extract with a hostile name under a random private key that /media never serves", async () => {
    const fields = await fieldsWithPassword();
    const res = await submitSignup(fields, pdfFile("../../../public/izpisek.pdf"));
    expect(res.status).toBe(201);
    const [request] = await requestsByEmail(fields.email);
    expect(request?.extractKey).toMatch(new RegExp(`^${extractKeyPrefix}${uuid}\\.pdf$`));
    const key = request?.extractKey ?? "";
    expect(await env.MEDIA.head(key)).not.toBeNull();
    for (const path of [
      `/media/${key}`,
      `/media/${encodeURIComponent(key)}`,
      `/media/%70rivate/${key.slice("private/".length)}`,
      `/media/seed/../${key}`,
      `/media/seed/..%2F${key}`,
    ]) {
      const served = await call(path);
      await expectError(served, 404, "Datoteka ne obstaja.");
    }
  });

  it("R2 failing on put: 500, no request and no extract; the same password then still works", async () => {
    const fields = await fieldsWithPassword();
    for (const landThenFail of [false, true]) {
      const { bucket, puts } = faultyR2(env.MEDIA, { failPutFrom: 1, landThenFail });
      await expectError(await submitSignup(fields, pdfFile(), { MEDIA: bucket }), 500, unknownErrorMessage);
      expect(puts).toHaveLength(1);
      expect(await env.MEDIA.head(puts[0] ?? "")).toBeNull();
      expect(await requestsByEmail(fields.email)).toEqual([]);
    }
    expect((await submitSignup(fields, pdfFile())).status).toBe(201);
    expect(await requestsByEmail(fields.email)).toHaveLength(1);
  });

  it("D1 failing after the put: 500 and the extract is deleted again", async () => {
    const fields = await fieldsWithPassword();
    const { bucket, puts } = faultyR2(env.MEDIA);
    await expectError(
      await submitSignup(fields, pdfFile(), {
        MEDIA: bucket,
        DB: failingD1(env.DB, /^insert into "dealer_signup_requests"/i),
      }),
      500,
      unknownErrorMessage,
    );
    expect(puts).toHaveLength(1);
    expect(await env.MEDIA.head(puts[0] ?? "")).toBeNull();
    expect(await requestsByEmail(fields.email)).toEqual([]);
  });
});

// ---- article picture (editors) -------------------------------------------------------------------

function sendArticle(path: string, cookie: string, title: string, image?: File, bindings: Partial<Env> = {}) {
  const form = new FormData();
  // Position 999: never among the search page's first articles, whatever other tests create.
  form.set(
    "article",
    JSON.stringify({
      title,
      subtitle: null,
      moreLink: "https://www.amzs.si/revija",
      summary: null,
      position: 999,
      expiryDate: null,
    }),
  );
  if (image) form.set("image", image);
  return call(`${api}${path}`, { method: "POST", body: form, headers: { cookie } }, bindings);
}
const articlesTitled = (title: string) => db().select().from(articles).where(eq(articles.title, title)).all();

describe("uploads: article picture", () => {
  it("refuses disguised pictures, one over 15 MB and enormous dimensions with a fieldError on image; nothing is created", async () => {
    const editor = await signedInUser({ amzsPostingEditor: true });
    const title = `Novica ${unique()}`;
    for (const fake of disguised()) {
      const body = await expectError(
        await sendArticle("/search-page-article", editor.cookie, title, fake),
        400,
        articleAdminMessages.imageType,
      );
      expect(body.fieldErrors).toEqual([{ field: "image", kind: "INVALID", message: articleAdminMessages.imageType }]);
    }
    await expectError(
      await sendArticle("/search-page-article", editor.cookie, title, oversized()),
      400,
      articleAdminMessages.imageTooLarge,
    );
    for (const bomb of bombs())
      await expectError(
        await sendArticle("/search-page-article", editor.cookie, title, bomb),
        400,
        oversizedPictureMessage,
      );
    expect(await articlesTitled(title)).toEqual([]);
  });

  it("stores a picture with a hostile name under a server-made key", async () => {
    const editor = await signedInUser({ amzsPostingEditor: true });
    const res = await sendArticle(
      "/search-page-article",
      editor.cookie,
      `Novica ${unique()}`,
      pngFile("../../../../etc/novica.png"),
    );
    expect(res.status).toBe(201);
    const created = (await res.json()) as { imageUrl: string };
    expect(created.imageUrl).toMatch(new RegExp(`^/media/articles/${uuid}\\.png$`));
    expect(await env.MEDIA.head(keyOf(created.imageUrl))).not.toBeNull();
  });

  it("R2 failing on put: 500, no article and no object", async () => {
    const editor = await signedInUser({ amzsPostingEditor: true });
    const title = `Novica ${unique()}`;
    for (const landThenFail of [false, true]) {
      const { bucket, puts } = faultyR2(env.MEDIA, { failPutFrom: 1, landThenFail });
      await expectError(
        await sendArticle("/search-page-article", editor.cookie, title, pngFile(), { MEDIA: bucket }),
        500,
        unknownErrorMessage,
      );
      expect(puts).toHaveLength(1);
      expect(await env.MEDIA.head(puts[0] ?? "")).toBeNull();
    }
    expect(await articlesTitled(title)).toEqual([]);
  });

  it("D1 failing when the picture is replaced: 500, the article keeps its picture and the new object is removed", async () => {
    const editor = await signedInUser({ amzsPostingEditor: true });
    const title = `Novica ${unique()}`;
    const created = (await (await sendArticle("/search-page-article", editor.cookie, title, pngFile())).json()) as {
      id: number;
      imageUrl: string;
    };
    const { bucket, puts } = faultyR2(env.MEDIA);
    const res = await sendArticle(`/search-page-article/${created.id}`, editor.cookie, `${title} nova`, pngFile(), {
      MEDIA: bucket,
      DB: failingD1(env.DB, /^update "articles"/i),
    });
    await expectError(res, 500, unknownErrorMessage);
    expect(puts).toHaveLength(1);
    expect(await env.MEDIA.head(puts[0] ?? "")).toBeNull();
    const [row] = await articlesTitled(title);
    expect(row?.imageKey).toBe(keyOf(created.imageUrl));
    expect(await env.MEDIA.head(keyOf(created.imageUrl))).not.toBeNull();
  });
});

// ---- dealer network logo and banner (admins) -----------------------------------------------------

function sendNetwork(cookie: string, name: string, parts: { logo?: File; banner?: File }, bindings: Partial<Env> = {}) {
  const form = new FormData();
  form.set("dealership", JSON.stringify({ name }));
  if (parts.logo) form.set("logo", parts.logo);
  if (parts.banner) form.set("banner", parts.banner);
  return call(`${api}/dealer-network`, { method: "POST", body: form, headers: { cookie } }, bindings);
}
const networksNamed = (name: string) =>
  db().select().from(dealershipNetworks).where(eq(dealershipNetworks.name, name)).all();

describe("uploads: dealer network logo and banner", () => {
  it("refuses disguised and enormous pictures (400 on the part) and creates nothing", async () => {
    const admin = await signedInUser({ amzsAdmin: true });
    const name = `Mreža ${unique()}`;
    await expectError(
      await sendNetwork(admin.cookie, name, { logo: disguised()[1] }),
      400,
      dealerPageServerMessages.pictureType,
    );
    await expectError(
      await sendNetwork(admin.cookie, name, { logo: file(pngOf(60_000, 60_000), "logo.png", "image/png") }),
      400,
      oversizedPictureMessage,
    );
    expect(await networksNamed(name)).toEqual([]);
  });

  it("R2 failing on the banner after the logo: 500, no network, neither object left", async () => {
    const admin = await signedInUser({ amzsAdmin: true });
    const name = `Mreža ${unique()}`;
    for (const landThenFail of [false, true]) {
      const { bucket, puts } = faultyR2(env.MEDIA, { failPutFrom: 2, landThenFail });
      await expectError(
        await sendNetwork(admin.cookie, name, { logo: pngFile(), banner: bannerFile() }, { MEDIA: bucket }),
        500,
        unknownErrorMessage,
      );
      expect(puts).toHaveLength(2);
      for (const key of puts) expect(await env.MEDIA.head(key)).toBeNull();
    }
    expect(await networksNamed(name)).toEqual([]);
  });
});

// ---- the public image route ----------------------------------------------------------------------

describe("media route /media/…", () => {
  it("never serves private/ objects or climbs out of the bucket, whatever the encoding", async () => {
    const secret = ascii(`%PDF-1.4 zaupno ${unique()}`);
    const privateKey = `${extractKeyPrefix}${crypto.randomUUID()}.pdf`;
    await env.MEDIA.put(privateKey, secret, { httpMetadata: { contentType: "application/pdf" } });
    const rest = privateKey.slice("private/".length);
    const paths = [
      `/media/${privateKey}`,
      `/media/${encodeURIComponent(privateKey)}`,
      `/media/%70rivate/${rest}`,
      `/media/private%2F${rest}`,
      `/media/./${privateKey}`,
      `/media/seed/../${privateKey}`,
      `/media/seed/%2e%2e/${privateKey}`,
      `/media/seed/..%2F${privateKey}`,
      `/media/seed%2F..%2F${privateKey}`,
      `/media/seed/%252e%252e%252f${privateKey}`,
      `/media//${privateKey}`,
      `/media/%2F${privateKey}`,
      `/media/seed\\..\\${privateKey}`,
      "/media/..%2f..%2fetc%2fpasswd",
      "/media/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
      "/media/%2e%2e/%2e%2e/etc/passwd",
      "/media/..\\..\\etc\\passwd",
      "/media/%5c..%5c..%5cetc%5cpasswd",
      "/media/%00",
      "/media/seed/x.png%00.pdf",
      "/media/%ZZ",
      "/media/",
      `/media/${"a/".repeat(400)}x.png`,
    ];
    for (const path of paths) {
      const res = await call(path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
      const text = await res.text();
      expect(text, path).not.toContain("zaupno");
      expect(JSON.parse(text), path).toMatchObject({
        message: expect.any(String),
        statusCode: res.status,
        fieldErrors: [],
        errors: expect.any(Array),
      });
    }
    // The object is there all along: only the route keeps it private.
    expect(await env.MEDIA.head(privateKey)).not.toBeNull();
  });

  it("answers absurd widths with the original picture, never a 5xx or another object's bytes", async () => {
    const { seller, draft } = await ownDraft();
    const [mine, other] = [pngFile("moja.png"), file(pngOf(2, 2), "druga.png", "image/png")];
    const url = ((await (await uploadTo(draft.code, seller.cookie, mine)).json()) as PostingFile).url;
    expect((await uploadTo(draft.code, seller.cookie, other)).status).toBe(201);
    for (const w of [
      "0",
      "-1",
      "99999",
      "1e9",
      "abc",
      "",
      "512.5",
      "NaN",
      "Infinity",
      "-0",
      "%00",
      "1024&w=99999",
      "512%2C1024",
    ]) {
      const res = await call(`${url}?w=${w}`);
      expect(res.status, w).toBe(200);
      expect(res.headers.get("content-type"), w).toBe("image/png");
      expect(new Uint8Array(await res.arrayBuffer()), w).toEqual(png1x1);
    }
    // A width the route knows: resized where the runtime can, else the original; a picture either way.
    const resized = await call(`${url}?w=512`);
    expect(resized.status).toBe(200);
    expect(resized.headers.get("content-type")).toMatch(/^image\/(png|webp)$/);
  });

  it("does not fall over on a bomb already in the bucket (stored before the upload check) when asked to resize it", async () => {
    const key = `uploads-hostile/${unique()}/bomba.png`;
    await env.MEDIA.put(key, pngOf(60_000, 60_000), { httpMetadata: { contentType: "image/png" } });
    for (const w of ["512", "1920", ""]) {
      const res = await call(`/media/${key}${w ? `?w=${w}` : ""}`);
      expect(res.status, w).toBeLessThan(500);
      await res.arrayBuffer();
    }
  });
});
