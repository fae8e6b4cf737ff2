import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";

// How the client's modules are grouped into chunks (decisions 083, 084).
//
// The framework every page runs (React, TanStack, seroval) goes with the entry chunk: one request, one gzip stream.
// Rolldown puts a module that two lazily loaded chunks share into a chunk of its own, and the message modules
// (paraglide compiles each message to its own module) and tiny pure helpers shared by pages made a dozen chunks of
// 0.1–1.5 KB: the posting page fetched 19 scripts, 14 of them under 2 KB, and a phone on HTTP/1.1 (6 connections)
// waited for them in four rounds of its latency after the entry had arrived. Such a shared module of a page goes
// with the entry instead: its bytes are a few hundred, its request was most of its cost.

const framework = /node_modules[\\/](react|react-dom|scheduler|@tanstack|seroval|seroval-plugins)[\\/]/;
const message = /[\\/]src[\\/]paraglide[\\/]messages[\\/][^\\/]+\.js$/;
// Pure helpers (no state, no imports beyond messages, the paraglide runtime and each other) small enough that a
// request of their own costs more than their bytes.
const tinyHelper =
  /[\\/]src[\\/](domain[\\/](digits|plural|phone|web-address|document-label|youtube|display)|features[\\/]search[\\/]plural-labels)\.ts$/;

/**
 * Which source files use each message (`m.name`): the messages are all re-exported by one index module, so the
 * module graph says every page imports every message; the bundle keeps only the ones a page uses.
 * @returns {Map<string, string[]>}
 */
function messageUsers() {
  /** @type {Map<string, string[]>} */
  const users = new Map();
  const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "src");
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    if (file.includes(`${sep}paraglide${sep}`)) continue;
    for (const [, name] of readFileSync(file, "utf8").matchAll(/\bm\.([a-z0-9_]+)/g)) {
      const list = users.get(name) ?? [];
      if (!list.includes(file)) list.push(file);
      users.set(name, list);
    }
  }
  return users;
}

// The pages most visits start on (the home page, the search, a posting): their route components' chunks.
const landingPages = [
  /[\\/]src[\\/]routes[\\/]_default[\\/]index\.tsx\?tsr-split=component/,
  /[\\/]src[\\/]routes[\\/]_search-detail[\\/]iskanje\.tsx\?tsr-split=component/,
  /[\\/]src[\\/]routes[\\/]_post[\\/]oglas[\\/]\$postId\.tsx\?tsr-split=component/,
];
const landingPage = new RegExp(landingPages.map((r) => r.source).join("|"));

// A module of the app (not a dependency), and the size under which a shared chunk of messages and helpers goes with
// the entry.
const appModule = /[\\/]src[\\/]/;
const tinyChunk = 3000;

/** @typedef {{ getModuleInfo(id: string): { importers: string[]; dynamicImporters: string[]; isEntry: boolean; importedIds: string[] } | null }} Context */

/**
 * The rolldown `codeSplitting` groups of the client build.
 * @returns {{ name: (id: string, ctx: Context) => string | null; test: (id: string) => boolean }[]}
 */
export function clientChunkGroups() {
  const users = messageUsers();
  /** @type {Map<string, boolean>} */
  const inEntry = new Map();
  /** Whether the module is statically reachable from the client entry (so it is in the entry chunk already). */
  const reachedFromEntry = (/** @type {string} */ id, /** @type {Context} */ ctx, seen = new Set()) => {
    const known = inEntry.get(id);
    if (known !== undefined) return known;
    if (seen.has(id)) return false;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    const result = Boolean(info && (info.isEntry || info.importers.some((i) => reachedFromEntry(i, ctx, seen))));
    if (seen.size === 1 || result) inEntry.set(id, result);
    return result;
  };
  /** The lazily loaded chunks (dynamic imports) whose code reaches the module through static imports. */
  const lazyRoots = (/** @type {string} */ id, /** @type {Context} */ ctx, seen = new Set(), roots = new Set()) => {
    if (seen.has(id)) return roots;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    if (!info) return roots;
    if (info.dynamicImporters.length > 0) roots.add(id);
    for (const importer of info.importers) lazyRoots(importer, ctx, seen, roots);
    return roots;
  };
  /** A helper's own imports: messages, other tiny helpers, or modules the entry has already. */
  const selfContained = (/** @type {string} */ id, /** @type {Context} */ ctx) =>
    (ctx.getModuleInfo(id)?.importedIds ?? []).every(
      (dep) => message.test(dep) || tinyHelper.test(dep) || reachedFromEntry(dep, ctx),
    );
  /** @type {Map<string, string> | undefined} */
  let landingKeys;
  /** @type {string[]} */
  const candidates = [];
  /** The lazy chunks a module's code is needed by (for a message: those of the files that use it). */
  const rootsOf = (/** @type {string} */ id, /** @type {Context} */ ctx) => {
    if (!message.test(id)) return reachedFromEntry(id, ctx) ? null : lazyRoots(id, ctx);
    const files = users.get(id.replace(/^.*[\\/]/, "").replace(/\.js$/, "")) ?? [];
    if (files.length === 0 || files.some((file) => reachedFromEntry(file, ctx))) return null;
    return new Set(files.flatMap((file) => [...lazyRoots(file, ctx)]));
  };
  /**
   * The shared chunks rolldown would make for a landing page that are tiny (their modules' code under
   * `tinyChunk` bytes before minifying) and hold only messages and tiny helpers, and what every landing page needs
   * (the posting card): module id → "framework".
   */
  const landingTinyShared = (/** @type {Context} */ ctx) => {
    /** @type {Map<string, { ids: string[]; bytes: number; pure: boolean }>} */
    const byRoots = new Map();
    /** @type {Map<string, string>} */
    const chosen = new Map();
    for (const id of candidates) {
      const roots = rootsOf(id, ctx);
      if (!roots || roots.size < 2 || ![...roots].some((root) => landingPage.test(root))) continue;
      if (landingPages.every((page) => [...roots].some((root) => page.test(root)))) {
        chosen.set(id, "framework"); // every landing page loads it: with the entry, not a request of its own
        continue;
      }
      const key = [...roots].sort().join("|");
      const set = byRoots.get(key) ?? { ids: [], bytes: 0, pure: true };
      set.ids.push(id);
      set.bytes += ctx.getModuleInfo(id)?.code?.length ?? tinyChunk;
      set.pure &&= message.test(id) || (tinyHelper.test(id) && selfContained(id, ctx));
      byRoots.set(key, set);
    }
    for (const set of byRoots.values())
      if (set.pure && set.bytes < tinyChunk) for (const id of set.ids) chosen.set(id, "framework");
    return chosen;
  };
  return [
    {
      test: (/** @type {string} */ id) => {
        if (framework.test(id)) return true;
        if (!appModule.test(id)) return false;
        candidates.push(id);
        return true;
      },
      name: (/** @type {string} */ id, /** @type {Context} */ ctx) => {
        if (framework.test(id)) return "framework";
        landingKeys ??= landingTinyShared(ctx);
        return landingKeys.get(id) ?? null;
      },
    },
  ];
}
