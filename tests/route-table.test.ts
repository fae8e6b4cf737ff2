import type { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { apiBasePath, app } from "~/api/app";

/**
 * The route table (decision 053): each file of src/api/routes owns its path prefixes (a folder such as
 * routes/postings/ owns one prefix together), no method+path is registered twice, and no parameter route
 * registered earlier catches a static path registered later, so the order of the mounts in app.ts
 * cannot decide which handler answers.
 */

type Route = { method: string; path: string; handler: unknown };

const modules: Record<string, Record<string, unknown>> = import.meta.glob("../src/api/routes/**/*.ts", {
  eager: true,
});

const isHono = (value: unknown): value is Hono =>
  typeof value === "object" && value !== null && "routes" in value && "fetch" in value;

/** The file (as src/api/routes/<name>) of every handler, when exactly one route file registers it. */
function handlerFiles(): Map<unknown, string> {
  const seen = new Map<unknown, Set<string>>();
  for (const [path, exports] of Object.entries(modules)) {
    const file = path.replace(/^\.\.\//, "");
    for (const value of Object.values(exports)) {
      if (!isHono(value)) continue;
      for (const r of value.routes) {
        const files = seen.get(r.handler) ?? new Set<string>();
        files.add(file);
        seen.set(r.handler, files);
      }
    }
  }
  const unique = new Map<unknown, string>();
  for (const [handler, files] of seen) {
    const [file] = files;
    if (files.size === 1 && file) unique.set(handler, file);
  }
  return unique;
}

/** Each registration (method, path, file) once, in the order the app tries them. */
function registrations(): { method: string; path: string; file: string }[] {
  const files = handlerFiles();
  const out: { method: string; path: string; file: string }[] = [];
  const keys = new Set<string>();
  for (const r of app.routes as Route[]) {
    if (r.method === "ALL") continue;
    const file = files.get(r.handler);
    if (!file) continue; // shared middleware: the route's own handler names the file
    const key = `${r.method} ${r.path} ${file}`;
    if (keys.has(key)) continue;
    keys.add(key);
    out.push({ method: r.method, path: r.path, file });
  }
  return out;
}

/** The owner of a route file's prefix: the file itself, or its folder under routes/. */
const ownerOf = (file: string) => {
  const inner = file.replace(/^src\/api\/routes\//, "");
  return inner.includes("/") ? `src/api/routes/${inner.split("/")[0]}/` : file;
};

/** The first path segment under the API base (or under / for the un-prefixed paths). */
const prefixOf = (path: string) => {
  const rest = path.startsWith(`${apiBasePath}/`) ? path.slice(apiBasePath.length) : path;
  return `${path.startsWith(`${apiBasePath}/`) ? apiBasePath : ""}/${rest.split("/")[1] ?? ""}`;
};

/** A Hono path as a regular expression: `:name` one segment, `:name{re}` its pattern, `*` anything. */
function pattern(path: string): RegExp {
  const source = path
    .split("/")
    .map((segment) => {
      const param = /^:[A-Za-z0-9_]+(?:\{(.+)\})?(\?)?$/.exec(segment);
      if (param) return `(?:${param[1] ?? "[^/]+"})`;
      if (segment === "*") return ".*";
      return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  return new RegExp(`^${source}$`);
}

const hasParam = (path: string) => path.split("/").some((s) => s.startsWith(":") || s === "*");

describe("route table", () => {
  const table = registrations();

  it("knows the file of every route the app serves", () => {
    const known = new Set(table.map((r) => `${r.method} ${r.path}`));
    const unknown = [
      ...new Set((app.routes as Route[]).filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`)),
    ].filter((k) => !known.has(k));
    expect(unknown).toEqual([]);
    expect(table.length).toBeGreaterThan(100);
  });

  it("registers each method and path in one file only", () => {
    const files = new Map<string, Set<string>>();
    for (const r of table) {
      const key = `${r.method} ${r.path}`;
      files.set(key, (files.get(key) ?? new Set()).add(r.file));
    }
    const twice = [...files].filter(([, f]) => f.size > 1).map(([key, f]) => `${key}: ${[...f].join(", ")}`);
    expect(twice).toEqual([]);
  });

  it("gives each path prefix one file (or one folder)", () => {
    const owners = new Map<string, Set<string>>();
    for (const r of table) {
      const prefix = prefixOf(r.path);
      owners.set(prefix, (owners.get(prefix) ?? new Set()).add(ownerOf(r.file)));
    }
    const shared = [...owners].filter(([, o]) => o.size > 1).map(([prefix, o]) => `${prefix}: ${[...o].join(", ")}`);
    expect(shared).toEqual([]);
  });

  it("lets no earlier parameter route catch a later static path", () => {
    const caught: string[] = [];
    table.forEach((earlier, i) => {
      if (!hasParam(earlier.path)) return;
      const re = pattern(earlier.path);
      for (const later of table.slice(i + 1)) {
        if (later.method !== earlier.method || hasParam(later.path) || later.path === earlier.path) continue;
        if (re.test(later.path))
          caught.push(`${earlier.method} ${earlier.path} (${earlier.file}) catches ${later.path} (${later.file})`);
      }
    });
    expect(caught).toEqual([]);
  });

  it("spots a shadowed static path (the check itself)", () => {
    expect(pattern("/internal-api/v1/dealer/:code").test("/internal-api/v1/dealer/salespeople")).toBe(true);
    expect(pattern("/internal-api/v1/dealer/:code").test("/internal-api/v1/dealer/salespeople/x")).toBe(false);
    expect(pattern("/:file{sitemap-postings-[0-9]{1,4}\\.xml}").test("/sitemap-postings-12.xml")).toBe(true);
    expect(pattern("/media/*").test("/media/a/b.jpg")).toBe(true);
  });
});
