import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "~/api/app";
import { bookmarkCookieName } from "~/db/client.server";
import { articles } from "~/db/schema/content";
import { db, freshClientIp, makeAndModel, signedInUser, unique } from "./fixtures";

// Makes and news articles are memoised per isolate (issue 27, decision 080). The other API tests run with
// ISOLATE_MEMO off because they write D1 directly; here the memos are on, as in every deployment.
const memoOn = { ...env, ISOLATE_MEMO: "on" };
const call = (path: string, init: RequestInit = {}) => {
  const headers = new Headers(init.headers);
  headers.set("cf-connecting-ip", freshClientIp());
  return app.request(`http://localhost/internal-api/v1${path}`, { ...init, headers }, memoOn);
};
const makes = async () => ((await (await call("/manufacturer")).json()) as { value: string }[]).map((m) => m.value);
const articleTitles = async () =>
  ((await (await call("/marketplace/articles")).json()) as { code: string; title: string }[]).map((a) => a.title);
const png = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
  (ch) => ch.charCodeAt(0),
);

describe("makes and articles memoised per isolate", () => {
  it("are served from the memo until a write through the API drops it, and then fresh at once", async () => {
    await makes();
    await articleTitles();
    // Written behind the API's back (as another isolate's write would be): the memo does not see it yet.
    const { maker } = await makeAndModel();
    const hidden = `Novica mimo API ${unique()}`;
    await db()
      .insert(articles)
      .values({
        code: `mimo-${unique()}`,
        title: hidden,
        summary: "S",
        moreLink: "https://www.amzs.si/x",
        position: 0,
      });
    expect(await makes()).not.toContain(maker.code);
    expect(await articleTitles()).not.toContain(hidden);
    // An editor's article through the API: this isolate's memos go, both writes show on the next read.
    const editor = await signedInUser({ amzsPostingEditor: true });
    const form = new FormData();
    const title = `Novica prek API ${unique()}`;
    form.set(
      "article",
      JSON.stringify({
        title,
        subtitle: "P",
        moreLink: "https://www.amzs.si/y",
        summary: "S",
        position: 0,
        expiryDate: null,
      }),
    );
    form.set("image", new File([png], "slika.png", { type: "image/png" }));
    const created = await call("/search-page-article", {
      method: "POST",
      body: form,
      headers: { cookie: editor.cookie },
    });
    expect(created.status).toBe(201);
    expect(await makes()).toContain(maker.code);
    expect(await articleTitles()).toEqual(expect.arrayContaining([hidden, title]));
  });

  it("are the same for every visitor: a signed-in caller gets what a signed-out one gets", async () => {
    const user = await signedInUser();
    const signedOut = await (await call("/manufacturer")).text();
    const signedIn = await (await call("/manufacturer", { headers: { cookie: user.cookie } })).text();
    expect(signedIn).toBe(signedOut);
  });

  it("a visitor whose write went through another isolate (bookmark cookie) sees it at once; the others may wait", async () => {
    await makes();
    await articleTitles();
    // The other isolate's write, and the bookmark its response gave the visitor.
    const { maker } = await makeAndModel();
    const title = `Novica drugega izolata ${unique()}`;
    const primary = env.DB.withSession("first-primary");
    await primary
      .prepare(
        "INSERT INTO articles (code, title, summary, more_link, position) VALUES (?, ?, 'S', 'https://www.amzs.si/z', 0)",
      )
      .bind(`izolat-${unique()}`, title)
      .run();
    const bookmark = primary.getBookmark();
    expect(bookmark).toBeTruthy();
    const own = { headers: { cookie: `${bookmarkCookieName}=${bookmark}` } };
    const names = async (path: string, init: RequestInit = {}) =>
      ((await (await call(path, init)).json()) as { value?: string; title?: string }[]).map((x) => x.value ?? x.title);
    // At the same time in one isolate: the writer's calls and everyone else's.
    const [ownMakes, ownTitles, otherMakes, otherTitles] = await Promise.all([
      names("/manufacturer", own),
      names("/marketplace/articles", own),
      names("/manufacturer"),
      names("/marketplace/articles"),
    ]);
    expect(ownMakes).toContain(maker.code);
    expect(ownTitles).toContain(title);
    // Everyone else keeps the memo until its bound or a write in this isolate.
    expect(otherMakes).not.toContain(maker.code);
    expect(otherTitles).not.toContain(title);
    expect(await makes()).not.toContain(maker.code);
  });

  it("a refused write (4xx) keeps them", async () => {
    await makes();
    const { maker } = await makeAndModel();
    const anonymous = await call("/search-page-article", { method: "POST", body: new FormData() });
    expect(anonymous.status).toBe(401);
    expect(await makes()).not.toContain(maker.code);
  });
});
