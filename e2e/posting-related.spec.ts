import { expect, gotoHydrated, test } from "./fixtures";

// The posting page's related vehicles stream into the page after its first byte (issue 27, decision 089): they
// must still be server-rendered HTML (crawlers, no JavaScript), survive hydration without a second request, and
// be cards a buyer can open.

const similarCalls = /\/internal-api\/v1\/marketplace\/similar-vehicles\//;

test("the related cars are in the server's HTML and, hydrated without asking again, open their posting", async ({
  page,
  request,
}) => {
  // The server's HTML (what a crawler reads): the carousel's section with at least two cards' links.
  const html = await (await request.get("/oglas/1")).text();
  const section = /<section[^>]*data-testid="related"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
  expect(section, "the related carousel is missing from the server's HTML").toContain("Podobna vozila");
  const linked = [...section.matchAll(/href="\/oglas\/(\d+)"/g)].map((m) => m[1]);
  expect(linked.length).toBeGreaterThanOrEqual(2);
  expect(linked).not.toContain("1");

  // In the browser: no hydration error, no request for the cars the page already has.
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  const asked: string[] = [];
  page.on("request", (r) => {
    if (similarCalls.test(r.url())) asked.push(r.url());
  });
  await gotoHydrated(page, "/oglas/1");
  const related = page.getByTestId("related");
  await related.scrollIntoViewIfNeeded();
  await expect(related.getByRole("heading", { name: "Podobna vozila" })).toBeVisible();
  const cards = related.getByRole("article");
  await expect(cards).toHaveCount(linked.length);
  await expect(page.getByTestId("related-pending")).toHaveCount(0);
  expect(asked, "the hydrated page asked for the related cars again").toEqual([]);
  expect(errors.filter((e) => /hydrat|did not match|Minified React error/i.test(e))).toEqual([]);

  // A card opens its posting (the hydrated router's navigation).
  const first = cards.first();
  const target = linked[0];
  await first.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/oglas/${target}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/\w/);
  expect(errors.filter((e) => /hydrat|did not match|Minified React error/i.test(e))).toEqual([]);
});
