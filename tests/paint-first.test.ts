import { describe, expect, it } from "vitest";
import { headLoaderScript, loaderScript, paintBeforeScripts } from "~/lib/paint-first";

// Decision 027: the page's module preloads and entry script are added after the first paint.

const page = `<!DOCTYPE html><html lang="sl"><head><link rel="stylesheet" href="/assets/app.css" nonce="N1"/><link rel="modulepreload" href="/assets/index-A.js" fetchPriority="low" nonce="N1"/><link rel="modulepreload" href="/assets/route-B.js" fetchPriority="low" nonce="N1"/><link rel="preload" as="image" href="/media/x.svg"/></head><body><main><h1>Iskanje</h1></main><script nonce="N1">window.$_TSR={}</script><script type="module" async="" src="/assets/index-A.js" nonce="N1"></script></body></html>`;

describe("paint before scripts", () => {
  it("takes the module preloads out of <head> and turns the entry into a loader that keeps the nonce", async () => {
    const html = await paintBeforeScripts(new Response(page, { headers: { "content-type": "text/html" } })).text();
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).not.toMatch(/<script[^>]*\ssrc=/);
    // The stylesheet, the image preload, the content and the inline data stay as they were.
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css" nonce="N1"/>');
    expect(html).toContain('<link rel="preload" as="image" href="/media/x.svg"/>');
    expect(html).toContain("<h1>Iskanje</h1>");
    expect(html).toContain('<script nonce="N1">window.$_TSR={}</script>');
    const loader = /<script nonce="N1">(\(function\(\)\{var d=.*?)<\/script>/.exec(html)?.[1];
    expect(loader).toBe(loaderScript("/assets/index-A.js", ["/assets/index-A.js", "/assets/route-B.js"]));
  });

  it("the loader adds the preloads and then the entry, each with the page's nonce, once a frame has been painted", () => {
    const added: { tag: string; rel?: string; href?: string; src?: string; type?: string; nonce?: string }[] = [];
    const frames: (() => void)[] = [];
    const timers: { fn: () => void; ms: number }[] = [];
    const document = {
      currentScript: { nonce: "N1" },
      createElement: (tag: string) => ({ tag }),
      head: { appendChild: (el: (typeof added)[number]) => added.push(el) },
    };
    const run = new Function(
      "document",
      "requestAnimationFrame",
      "setTimeout",
      loaderScript("/assets/index-A.js", ["/assets/index-A.js", "/assets/route-B.js"]),
    );
    run(
      document,
      (fn: () => void) => frames.push(fn),
      (fn: () => void, ms: number) => timers.push({ fn, ms }),
    );
    expect(added).toEqual([]); // nothing before the first frame
    frames.shift()?.();
    timers.find((t) => t.ms === 0)?.fn();
    expect(added).toEqual([
      { tag: "link", rel: "modulepreload", href: "/assets/index-A.js", nonce: "N1" },
      { tag: "link", rel: "modulepreload", href: "/assets/route-B.js", nonce: "N1" },
      { tag: "script", type: "module", src: "/assets/index-A.js", nonce: "N1" },
    ]);
    // The 1 s fallback (hidden tabs paint no frames) adds nothing twice.
    timers.find((t) => t.ms === 1000)?.fn();
    expect(added).toHaveLength(3);
  });

  it("lists the chunks a page needs at once beyond the router's (an error page's), each once, after the page's own", async () => {
    const more = ["/assets/error-page-E.js", "/assets/route-B.js"];
    const html = await paintBeforeScripts(new Response(page, { headers: { "content-type": "text/html" } }), {
      more,
    }).text();
    const loader = /<script nonce="N1">(\(function\(\)\{var d=.*?)<\/script>/.exec(html)?.[1];
    expect(loader).toBe(
      loaderScript("/assets/index-A.js", ["/assets/index-A.js", "/assets/route-B.js", "/assets/error-page-E.js"]),
    );
  });

  it("escapes what could end the script element", () => {
    expect(loaderScript("/assets/a.js", ["</script><script>alert(1)</script>"])).not.toContain("</script");
  });

  // Session 25: in a build the stylesheet is in the page and the loader at the end of <head>.
  const built = { entry: "/assets/index-A.js", stylesheet: { href: "/assets/app.css", text: "main{color:red}" } };
  const rewrite = (html: string, options = built) =>
    paintBeforeScripts(new Response(html, { headers: { "content-type": "text/html" } }), options).text();

  it("in a build, puts the stylesheet into the page and the loader at the end of <head>; the body keeps no entry", async () => {
    const html = await rewrite(page);
    // The text before its link; the link stays (React finds the stylesheet it rendered) but no longer holds the paint.
    expect(html).toContain(
      '<style>main{color:red}</style><link rel="stylesheet" href="/assets/app.css" nonce="N1" media="print" />',
    );
    const head = html.slice(0, html.indexOf("</head>"));
    const loader = /<script nonce="N1">(\(function\(\)\{var d=.*?)<\/script>/.exec(head)?.[1];
    expect(loader).toBe(headLoaderScript("/assets/index-A.js", ["/assets/index-A.js", "/assets/route-B.js"]));
    const body = html.slice(html.indexOf("<body>"));
    expect(body).not.toMatch(/<script[^>]*type="module"/);
    expect(body).not.toContain("index-A.js");
    expect(body).toContain('<script nonce="N1">window.$_TSR={}</script>');
    expect(html.match(/<script/g)).toHaveLength(2);
  });

  it("leaves another stylesheet linked, and a stylesheet that could close the element too", async () => {
    const other = await rewrite(page.replace("/assets/app.css", "/assets/other.css"));
    expect(other).not.toContain("<style>");
    expect(other).toContain('<link rel="stylesheet" href="/assets/other.css" nonce="N1"/>');
    const hostile = await rewrite(page, {
      ...built,
      stylesheet: { href: "/assets/app.css", text: "a{}</style><script>x()</script>" },
    });
    expect(hostile).not.toContain("<style>");
    expect(hostile).not.toContain("x()");
  });

  it("without the build's entry (vite dev) or when the page does not load it, the loader stays at the end of <body>", async () => {
    for (const html of [
      await rewrite(page, { ...built, entry: "" }),
      await rewrite(page, { ...built, entry: "/assets/index-Z.js" }),
    ]) {
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head).not.toContain("<script");
      const loader = /<script nonce="N1">(\(function\(\)\{var d=.*?)<\/script><\/body>/.exec(html)?.[1];
      expect(loader).toBe(loaderScript("/assets/index-A.js", ["/assets/index-A.js", "/assets/route-B.js"]));
    }
  });

  /** Runs the head loader against a stand-in document; the test drives its frames, timers and events. */
  function headLoader(readyState: string, preloadsPicture = false) {
    const added: { tag: string; rel?: string; href?: string; src?: string; type?: string; nonce?: string }[] = [];
    const frames: (() => void)[] = [];
    const timers: { fn: () => void; ms: number }[] = [];
    const listeners: Record<string, () => void> = {};
    const page = {
      main: false,
      preloadsPicture,
      picture: null as null | { complete: boolean; on: Record<string, () => void> },
    };
    const document = {
      currentScript: { nonce: "N1" },
      readyState,
      createElement: (tag: string) => ({ tag }),
      head: { appendChild: (el: (typeof added)[number]) => added.push(el) },
      querySelector: (selector: string) => {
        if (selector === "main") return page.main ? {} : null;
        if (selector === "link[rel=preload][as=image][fetchpriority=high]") return page.preloadsPicture ? {} : null;
        const picture = page.picture;
        if (selector === "img[fetchpriority=high]" && picture)
          return { complete: picture.complete, addEventListener: (k: string, fn: () => void) => (picture.on[k] = fn) };
        return null;
      },
      addEventListener: (kind: string, fn: () => void) => (listeners[kind] = fn),
    };
    new Function(
      "document",
      "requestAnimationFrame",
      "setTimeout",
      headLoaderScript("/assets/index-A.js", ["/assets/index-A.js", "/assets/route-B.js"]),
    )(
      document,
      (fn: () => void) => frames.push(fn),
      (fn: () => void, ms: number) => timers.push({ fn, ms }),
    );
    const frame = () => frames.shift()?.();
    const tick = () => {
      const i = timers.findIndex((t) => t.ms === 0);
      if (i >= 0) timers.splice(i, 1)[0]?.fn();
    };
    const fallback = () => timers.find((t) => t.ms === 1000)?.fn();
    return { added, page, listeners, frame, tick, fallback };
  }
  const preloads = [
    { tag: "link", rel: "modulepreload", href: "/assets/index-A.js", nonce: "N1" },
    { tag: "link", rel: "modulepreload", href: "/assets/route-B.js", nonce: "N1" },
  ];
  const entry = { tag: "script", type: "module", src: "/assets/index-A.js", nonce: "N1" };

  it("the head loader fetches once a frame with the page's content is painted, and runs the entry once the document is parsed", () => {
    const { added, page, listeners, frame, tick, fallback } = headLoader("loading");
    frame(); // a frame before <main> was parsed: nothing
    tick();
    expect(added).toEqual([]);
    page.main = true;
    frame(); // this frame paints the content; the fetch comes after it
    expect(added).toEqual([]);
    tick();
    expect(added).toEqual(preloads);
    listeners.DOMContentLoaded?.();
    expect(added).toEqual([...preloads, entry]);
    fallback(); // the 1 s fallback adds nothing twice
    expect(added).toHaveLength(3);
  });

  it("the head loader waits for the page's main picture, parsed after <main>, then a frame, before it fetches", () => {
    const { added, page, listeners, frame, tick } = headLoader("loading", true);
    page.main = true;
    frame(); // <head> preloads a main picture that is not parsed yet: look again next frame
    tick();
    expect(added).toEqual([]);
    page.picture = { complete: false, on: {} };
    frame();
    tick();
    listeners.DOMContentLoaded?.();
    expect(added).toEqual([]);
    page.picture.on.load?.();
    expect(added).toEqual([]);
    frame();
    tick();
    expect(added).toEqual([...preloads, entry]);
  });

  it("the head loader fetches after 1 s when nothing is painted (a hidden tab), and runs a parsed document's entry at once", () => {
    const { added, fallback } = headLoader("interactive");
    expect(added).toEqual([]);
    fallback();
    expect(added).toEqual([...preloads, entry]);
  });

  it("the head loader escapes what could end the script element", () => {
    expect(headLoaderScript("/assets/a.js", ["</script><script>alert(1)</script>"])).not.toContain("</script");
  });
});
