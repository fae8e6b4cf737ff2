import { request as httpRequest, createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { constants, createGzip } from "node:zlib";

// Cloudflare compresses HTML, scripts, styles and JSON on their way to the browser; `vite preview` (workerd's
// asset server) sends them as they are, so a throttled phone in the benchmarks waited for 3× the bytes a visitor's
// phone receives (decision 084). This proxy puts the edge's compression in front of the local server for the
// benchmarks that measure what a visitor waits for. It streams: each chunk is flushed as it comes, so a streamed
// page arrives in pieces as before.
const compressible = /^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)/;

export async function gzipProxy(target: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const upstream = new URL(target);
  const server: Server = createServer((req, res) => {
    const headers = { ...req.headers, host: upstream.host };
    delete headers["accept-encoding"];
    const out = httpRequest(
      { hostname: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers },
      (up) => {
        const type = String(up.headers["content-type"] ?? "");
        const gzip = compressible.test(type) && !up.headers["content-encoding"] && up.statusCode !== 304;
        const outHeaders = { ...up.headers };
        if (gzip) {
          delete outHeaders["content-length"];
          outHeaders["content-encoding"] = "gzip";
          outHeaders.vary = "accept-encoding";
        }
        res.writeHead(up.statusCode ?? 502, outHeaders);
        if (!gzip) return void up.pipe(res);
        const z = createGzip({ level: 6, flush: constants.Z_SYNC_FLUSH });
        up.pipe(z).pipe(res);
      },
    );
    out.on("error", () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
