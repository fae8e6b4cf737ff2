/**
 * Paint first, then fetch the app's JavaScript (decision 027). A server-rendered page is complete
 * without JavaScript, yet the module preloads in <head> and the entry script made the browser fetch,
 * compile and run ~600 KB of modules before its first paint. This rewrites the page so the preloads
 * and the entry are added by a small inline loader (carrying the response's nonce; the CSP's
 * 'strict-dynamic' trusts what it adds) once the first frame has been painted.
 */

/** The loader: after the first frame (or after 1 s, as hidden tabs paint no frames), preloads then the entry. */
export function loaderScript(entry: string, preloads: readonly string[]): string {
  const data = JSON.stringify({ entry, preloads }).replace(/</g, "\\u003c");
  return `(function(){var d=${data},n=document.currentScript.nonce,done=false;function go(){if(done)return;done=true;d.preloads.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;l.nonce=n;document.head.appendChild(l)});var s=document.createElement("script");s.type="module";s.src=d.entry;s.nonce=n;document.head.appendChild(s)}requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,1000)})()`;
}

/**
 * Rewrites a streamed HTML page: module preloads leave <head>, the entry script becomes the loader. `more`: chunks the
 * page will need at once that the router's manifest does not list (the error page's, decision 084, round 8).
 */
export function paintBeforeScripts(response: Response, more: readonly string[] = []): Response {
  const preloads: string[] = [];
  return new HTMLRewriter()
    .on('link[rel="modulepreload"]', {
      element(el) {
        const href = el.getAttribute("href");
        if (href) preloads.push(href);
        el.remove();
      },
    })
    .on('script[type="module"][src]', {
      element(el) {
        const src = el.getAttribute("src");
        if (!src) return;
        el.removeAttribute("src");
        el.removeAttribute("async");
        el.removeAttribute("type");
        el.setInnerContent(loaderScript(src, [...new Set([...preloads, ...more])]), { html: true });
      },
    })
    .transform(response);
}
