import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { clientChunkGroups } from "./client-chunks.mjs";

// A small module graph in the shape rolldown reports it: the entry, the three landing pages' route chunks (each
// loaded by a dynamic import), the files under them, and modules as the real sources use them (the messages'
// users are read from src/, so the files named here are real ones).
const root = fileURLToPath(new URL("../../", import.meta.url));
const id = (path: string) => `${root}${path}`;
const entry = id("src/entry.tsx");
const home = id("src/routes/_default/index.tsx?tsr-split=component");
const search = id("src/routes/_search-detail/iskanje.tsx?tsr-split=component");
const posting = id("src/routes/_post/oglas/$postId.tsx?tsr-split=component");
const admin = id("src/routes/_default/admin/models.tsx?tsr-split=component");
const adminPostings = id("src/routes/_default/admin/postings.tsx?tsr-split=component");
const infoWidgets = id("src/features/posting/components/info-widgets.tsx");
const articleList = id("src/features/search/components/article-list.tsx");
const postingCard = id("src/components/posting-card.tsx");
const adminTable = id("src/features/admin/components/model-table.tsx");
const shareBar = id("src/features/posting/components/share-bar.tsx");
const plural = id("src/domain/plural.ts");
const format = id("src/domain/format.ts");
const messages = id("src/paraglide/messages/_index.js");
const message = (name: string) => id(`src/paraglide/messages/${name}.js`);

type Info = { importers: string[]; dynamicImporters: string[]; isEntry: boolean; importedIds: string[]; code: string };
const graph = new Map<string, Info>();
const add = (module: string, importers: string[], more: Partial<Info> = {}) =>
  graph.set(module, {
    importers,
    dynamicImporters: [],
    isEntry: false,
    importedIds: [],
    code: "x".repeat(200),
    ...more,
  });
add(entry, [], { isEntry: true });
for (const page of [home, search, posting, admin, adminPostings]) add(page, [], { dynamicImporters: [entry] });
add(messages, [entry]);
add(format, [entry]);
add(infoWidgets, [posting]);
add(articleList, [home]);
add(adminTable, [admin]);
add(shareBar, [posting, adminPostings]); // a component: its shared chunk is not only messages and helpers
add(postingCard, [home, search, posting], { code: "x".repeat(20_000), importedIds: [format] });
add(plural, [infoWidgets, adminTable]);
const phone = id("src/domain/phone.ts");
add(phone, [shareBar]); // in the component's shared chunk: moving it alone would save no request
add(message("article_more"), [messages]); // used by info-widgets and article-list
add(message("article_kicker"), [messages]); // used by info-widgets alone
const ctx = { getModuleInfo: (module: string) => graph.get(module) ?? null };

function chunkOf(module: string) {
  const [group] = clientChunkGroups();
  if (!group) throw new Error("no group");
  for (const candidate of graph.keys()) group.test(candidate); // rolldown tests every candidate, then names them
  return group.test(module) ? group.name(module, ctx) : "not captured";
}

describe("the client's chunks (decision 084, round 6)", () => {
  it("puts a message two landing pages share with the entry instead of a tiny chunk of its own", () => {
    expect(chunkOf(message("article_more"))).toBe("framework");
  });

  it("leaves a message one page uses in that page's chunk", () => {
    expect(chunkOf(message("article_kicker"))).toBeNull();
  });

  it("puts a small helper a landing page shares with another page with the entry, not a component", () => {
    expect(chunkOf(plural)).toBe("framework");
    expect(chunkOf(shareBar)).toBeNull();
    expect(chunkOf(phone)).toBeNull();
  });

  it("puts what every landing page needs with the entry, whatever its size", () => {
    expect(chunkOf(postingCard)).toBe("framework");
  });

  it("leaves the entry's own modules and the framework to the entry, and other code to rolldown", () => {
    expect(chunkOf(format)).toBeNull();
    expect(chunkOf(id("node_modules/react-dom/index.js"))).toBe("framework");
    expect(chunkOf(id("node_modules/zod/index.js"))).toBe("not captured");
  });
});
