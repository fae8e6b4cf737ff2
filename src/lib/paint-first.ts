/**
 * Paint first, then fetch the app's JavaScript (decision 027). A server-rendered page is complete
 * without JavaScript, yet the module preloads in <head> and the entry script made the browser fetch,
 * compile and run ~600 KB of modules before its first paint. This rewrites the page so the preloads
 * and the entry are added by a small inline loader (carrying the response's nonce; the CSP's
 * 'strict-dynamic' trusts what it adds) once the first frame has been painted.
 *
 * Session 25 (decision 027, "The stylesheet in the page"): in a build, the app's stylesheet is put into the page and
 * the loader sits at the end of <head>. The phone paints as soon as the first part of the page has been parsed,
 * without waiting a round trip for the stylesheet, and the scripts are fetched from that paint instead of from the
 * end of the document. The entry still runs only once the document has been parsed.
 */

/** The loader at the end of <body>: after the first frame (or after 1 s, as hidden tabs paint no frames), preloads then the entry. */
export function loaderScript(entry: string, preloads: readonly string[]): string {
  const data = JSON.stringify({ entry, preloads }).replace(/</g, "\\u003c");
  return `(function(){var d=${data},n=document.currentScript.nonce,done=false;function go(){if(done)return;done=true;d.preloads.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;l.nonce=n;document.head.appendChild(l)});var s=document.createElement("script");s.type="module";s.src=d.entry;s.nonce=n;document.head.appendChild(s)}requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,1000)})()`;
}

/**
 * The loader at the end of <head>. The preloads are added right after a frame in which <main> exists has been painted
 * (a paint-timing observer would be told only frames later) and, on a page whose <head> preloads a main picture (the
 * gallery's first photo, `fetchpriority=high`), once that picture is in, a frame later: the scripts never compete
 * with what the buyer sees first (and Lighthouse's model counts no script before the largest paint). After 1 s they
 * are added anyway (hidden tabs paint nothing). The entry is added once the preloads are and the document has been parsed:
 * React hydrates the whole document, never a part of it.
 */
export function headLoaderScript(entry: string, preloads: readonly string[]): string {
  const data = JSON.stringify({ entry, preloads }).replace(/</g, "\\u003c");
  return `(function(){var d=${data},n=document.currentScript.nonce,fetched=false,parsed=false,done=false,picture=!!document.querySelector('link[rel=preload][as=image][fetchpriority=high]');function run(){if(done||!fetched||!parsed)return;done=true;var s=document.createElement("script");s.type="module";s.src=d.entry;s.nonce=n;document.head.appendChild(s)}function fetchAll(){if(fetched)return;fetched=true;d.preloads.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;l.nonce=n;document.head.appendChild(l)});run()}function ready(){parsed=true;run()}setTimeout(fetchAll,1000);if(document.readyState!=="loading")ready();else document.addEventListener("DOMContentLoaded",ready);function later(){requestAnimationFrame(function(){setTimeout(fetchAll,0)})}function frame(){if(fetched)return;if(!document.querySelector("main"))return requestAnimationFrame(frame);var i=document.querySelector("img[fetchpriority=high]");if(!i&&picture&&document.readyState==="loading")return requestAnimationFrame(frame);if(i&&!i.complete){i.addEventListener("load",later);i.addEventListener("error",later)}else setTimeout(fetchAll,0)}requestAnimationFrame(frame)})()`;
}

export type PaintFirstOptions = {
  /** Chunks the page will need at once that the router's manifest does not list (the error page's, decision 084, round 8). */
  more?: readonly string[];
  /** The client entry's path from the build; without it (vite dev) the loader stays at the end of <body>. */
  entry?: string;
  /** The app's stylesheet from the build, put into the page in place of its <link>. */
  stylesheet?: { href: string; text: string } | null;
  /** The response's nonce (else the one the page's module preloads carry). */
  nonce?: string;
};

/**
 * Rewrites a streamed HTML page: module preloads leave <head>, the entry script becomes a loader (at the end of <head>
 * when the build names the entry, else in its place), and the app's stylesheet is put into the page.
 */
export function paintBeforeScripts(response: Response, options: PaintFirstOptions = {}): Response {
  const { more = [], entry = "", stylesheet = null } = options;
  const preloads: string[] = [];
  let nonce = options.nonce ?? "";
  let headDone = false;
  let loaderInHead = false;
  const all = () => [...new Set([...preloads, ...more])];
  // A stylesheet that could end the element is left as a link (a build's CSS never has one).
  const inline = stylesheet && !/<\/style/i.test(stylesheet.text) ? stylesheet : null;
  return new HTMLRewriter()
    .on('link[rel="stylesheet"]', {
      element(el) {
        if (!inline || el.getAttribute("href") !== inline.href) return;
        el.before(`<style>${inline.text}</style>`, { html: true });
        // Kept, so that React finds the stylesheet it rendered and adds no second one; for print only, it no longer holds
        // the paint and is fetched last (Chromium fetches a disabled one at once: session 25).
        el.setAttribute("media", "print");
      },
    })
    .on('link[rel="modulepreload"]', {
      element(el) {
        // One streamed after the loader in <head> was written is left to the browser.
        if (headDone && loaderInHead) return;
        const href = el.getAttribute("href");
        if (href) preloads.push(href);
        nonce ||= el.getAttribute("nonce") ?? "";
        el.remove();
      },
    })
    .on("head", {
      element(el) {
        el.onEndTag((end) => {
          headDone = true;
          if (!entry || !nonce || !preloads.includes(entry)) return;
          loaderInHead = true;
          end.before(`<script nonce="${nonce.replace(/"/g, "")}">${headLoaderScript(entry, all())}</script>`, {
            html: true,
          });
        });
      },
    })
    .on('script[type="module"][src]', {
      element(el) {
        const src = el.getAttribute("src");
        if (!src) return;
        if (loaderInHead && src === entry) {
          el.remove();
          return;
        }
        el.removeAttribute("src");
        el.removeAttribute("async");
        el.removeAttribute("type");
        el.setInnerContent(loaderScript(src, all()), { html: true });
      },
    })
    .transform(response);
}
