// The built file names of a few lazily loaded client chunks, for the Worker (decision 084, round 8).
//
// A server-rendered error page (404, 403, 410, 500) is drawn in the browser by a chunk of its own, loaded when React
// meets the lazy error page while hydrating: that is only after the entry has been fetched and run, so on a phone the
// page's buttons answered about 1.3 s after it was readable. The Worker lists that chunk with the entry in the page's
// loader instead (src/lib/paint-first.ts), so both are fetched at once. The router's manifest lists routes, not this
// lazy component, so the client build records its file name here and the Worker's build reads it as a module.
//
// Session 25: also the client entry's file name and the stylesheet's file name and text. The Worker puts the stylesheet
// into each page (no round trip before the first paint) and loads the entry from <head> (src/lib/paint-first.ts).
//
// The client environment is built before the Worker's (the Worker embeds the client's route manifest too). In
// `vite dev` and in the unit and API tests the module says nothing: there are no built chunks.

const virtualId = "virtual:avtotrg/client-chunks";
const resolvedId = `\0${virtualId}`;
/** The modules whose chunk the Worker lists: export name → the module's path under src/. */
const wanted = { errorPage: "/src/features/pages/components/error-page.tsx" };

/** @returns {import("vite").Plugin} */
export function clientChunkNames() {
  /** @type {Record<string, string[]>} */
  const found = {};
  let entry = "";
  /** @type {{ href: string; text: string } | null} */
  let stylesheet = null;
  return {
    name: "avtotrg-client-chunk-names",
    enforce: "post",
    sharedDuringBuild: true,
    resolveId(id) {
      return id === virtualId ? resolvedId : undefined;
    },
    load(id) {
      if (id !== resolvedId) return undefined;
      return [
        ...Object.keys(wanted).map((name) => `export const ${name} = ${JSON.stringify(found[name] ?? [])};`),
        `export const entry = ${JSON.stringify(entry)};`,
        `export const stylesheet = ${JSON.stringify(stylesheet)};`,
      ].join("\n");
    },
    generateBundle(_options, bundle) {
      if (this.environment?.name !== "client") return;
      const chunks = Object.values(bundle).filter((c) => c.type === "chunk");
      const entries = new Set(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
      if (entries.size !== 1) throw new Error(`client-chunk-names: ${entries.size} client entries, expected one`);
      entry = `/${[...entries][0]}`;
      // The app's one stylesheet (src/styles/app.css, linked by the root route).
      const css = Object.values(bundle).filter(
        (a) => a.type === "asset" && /^assets\/app-[^/]+\.css$/.test(a.fileName),
      );
      if (css.length !== 1) throw new Error(`client-chunk-names: ${css.length} app stylesheets, expected one`);
      const [sheet] = css;
      const text = typeof sheet.source === "string" ? sheet.source : new TextDecoder().decode(sheet.source);
      stylesheet = { href: `/${sheet.fileName}`, text };
      for (const [name, path] of Object.entries(wanted)) {
        const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll("\\", "/").endsWith(path));
        if (!chunk) throw new Error(`client-chunk-names: no chunk of its own for ${path}`);
        // The chunk and the chunks it imports at once, but the entry, which the page loads anyway.
        found[name] = [chunk.fileName, ...chunk.imports.filter((f) => !entries.has(f))].map((f) => `/${f}`);
      }
    },
  };
}
