import { describe, expect, it } from "vitest";
import { loaderScript, paintBeforeScripts } from "~/lib/paint-first";

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
    const html = await paintBeforeScripts(
      new Response(page, { headers: { "content-type": "text/html" } }),
      more,
    ).text();
    const loader = /<script nonce="N1">(\(function\(\)\{var d=.*?)<\/script>/.exec(html)?.[1];
    expect(loader).toBe(
      loaderScript("/assets/index-A.js", ["/assets/index-A.js", "/assets/route-B.js", "/assets/error-page-E.js"]),
    );
  });

  it("escapes what could end the script element", () => {
    expect(loaderScript("/assets/a.js", ["</script><script>alert(1)</script>"])).not.toContain("</script");
  });
});
