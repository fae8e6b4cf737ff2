import { describe, expect, it } from "vitest";
import { createApiClient, data, toQueryString } from "./api-client";
import type { ApiTransport } from "./api-url";
import { ApiError, RequiredError, toApiError } from "./errors";
import { PageCookies } from "~/lib/page-cookies";
import { parseProviderApiUrl } from "~/lib/provider-api";
import { createProxyTransport, forwardedHeaders } from "./server-transports";

const respond = (status: number, body?: unknown, statusText = "") =>
  new Response(body === undefined ? null : typeof body === "string" ? body : JSON.stringify(body), {
    status,
    statusText,
    headers: { "content-type": "application/json" },
  });

describe("required path parameters and bodies", () => {
  it("throws naming the parameter as undefined before any request is made", () => {
    let called = false;
    const api = createApiClient(async () => {
      called = true;
      return respond(200, []);
    })["internal-api"].v1;
    const undefinedCode = undefined as unknown as string;
    const nullCode = null as unknown as string;
    expect(() => api.models[":manufacturerCode"].$get({ param: { manufacturerCode: undefinedCode } })).toThrow(
      new RequiredError("manufacturerCode", undefined, "GET internal-api/v1/models/:manufacturerCode"),
    );
    expect(() => api.models[":manufacturerCode"].$get({ param: { manufacturerCode: undefinedCode } })).toThrow(
      /manufacturerCode was undefined/,
    );
    expect(() => api.models[":manufacturerCode"].$get({ param: { manufacturerCode: nullCode } })).toThrow(
      /manufacturerCode was null/,
    );
    expect(() => api.me.$post({ json: null as unknown as Parameters<typeof api.me.$post>[0]["json"] })).toThrow(
      /Required parameter body was null when calling POST internal-api\/v1\/me/,
    );
    expect(called).toBe(false);
  });
});

describe("non-2xx answers become errors with message and statusCode", () => {
  it("takes message and statusCode from the body", async () => {
    const err = await toApiError(respond(403, { message: "You are not an admin", statusCode: 403 }));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe("You are not an admin");
    expect(err.statusCode).toBe(403);
  });

  it("falls back to the body's status, then the response status", async () => {
    expect((await toApiError(respond(400, { message: "x", status: 422 }))).statusCode).toBe(422);
    expect((await toApiError(respond(409, { message: "spor" }))).statusCode).toBe(409);
  });

  it("defaults to the response status text or the unknown-error text when the body is not JSON", async () => {
    const err = await toApiError(new Response("<html>", { status: 502, statusText: "Bad Gateway" }));
    expect(err.statusCode).toBe(502);
    expect(err.message).toBe("Bad Gateway");
    const bare = await toApiError(new Response(null, { status: 500 }));
    expect(bare.message).toBe("Napaka, prosimo poskusite kasneje.");
  });

  it("gives forms the first field message, else the first error, else the unknown-error text", async () => {
    const withField = await toApiError(
      respond(400, {
        message: "m",
        fieldErrors: [{ field: "vin", kind: "INVALID", message: "Številka šasije ni veljavna." }],
        errors: [{ message: "drugo" }],
      }),
    );
    expect(withField.firstMessage).toBe("Številka šasije ni veljavna.");
    expect(withField.fieldErrors).toEqual([{ field: "vin", kind: "INVALID", message: "Številka šasije ni veljavna." }]);
    const withError = await toApiError(
      respond(400, { message: "m", fieldErrors: [], errors: [{ message: "Napaka pri shranjevanju." }] }),
    );
    expect(withError.firstMessage).toBe("Napaka pri shranjevanju.");
    expect((await toApiError(respond(400, {}))).firstMessage).toBe("Napaka, prosimo poskusite kasneje.");
  });

  it("throws the ApiError from client calls", async () => {
    const api = createApiClient(async () => respond(404, { message: "Znamka ne obstaja.", statusCode: 404 }))[
      "internal-api"
    ].v1;
    await expect(
      data(api.models[":manufacturerCode"].$get({ param: { manufacturerCode: "ne-obstaja" } })),
    ).rejects.toMatchObject({ statusCode: 404, message: "Znamka ne obstaja." });
  });

  it("gives the typed data of a 2xx answer, and undefined for an empty 202/204", async () => {
    const api = createApiClient(async (path) =>
      path === "models/audi" ? respond(200, [{ value: "a4", text: "A4" }]) : new Response(null, { status: 204 }),
    )["internal-api"].v1;
    const models = await data(api.models[":manufacturerCode"].$get({ param: { manufacturerCode: "audi" } }));
    expect(models.map((m) => m.text)).toEqual(["A4"]);
    await expect(
      data(api.dealer[":code"].$delete({ param: { code: "x" }, json: { confirmName: "X" } })),
    ).resolves.toBeUndefined();
  });
});

describe("query strings", () => {
  it("emits parameters only when non-empty and booleans only when true", () => {
    expect(
      toQueryString({
        page: 0,
        sort: "",
        fuel: undefined,
        favorites: false,
        includeSold: true,
        model: ["audi", "bmw(x3)"],
      }),
    ).toBe("?page=0&includeSold=true&model=audi&model=bmw%28x3%29");
    expect(toQueryString({})).toBe("");
  });

  it("the client's query follows the same rule", async () => {
    const seen: string[] = [];
    const api = createApiClient(async (path) => {
      seen.push(path);
      return respond(200, []);
    })["internal-api"].v1;
    await api.dealer.$get({ query: { q: "", page: "2" } });
    expect(seen).toEqual(["dealer?page=2"]);
  });
});

describe("transports", () => {
  it("sends requests under internal-api/v1 with the client's method and JSON", async () => {
    const seen: { path: string; init: RequestInit }[] = [];
    const transport: ApiTransport = async (path, init) => {
      seen.push({ path, init });
      return respond(200, { impersonated: false });
    };
    await createApiClient(transport)["is-impersonated"].$post();
    await createApiClient(transport)["internal-api"].v1.marketplace.search.$get({ query: { page: "2", size: "24" } });
    await createApiClient(transport)["internal-api"].v1.ai.search.$post({ json: { query: "audi" } });
    expect(seen.map((s) => [s.init.method, s.path])).toEqual([
      ["POST", "/is-impersonated"],
      ["GET", "marketplace/search?page=2&size=24"],
      ["POST", "ai/search"],
    ]);
    const json = seen[2]?.init;
    expect(new Headers(json?.headers).get("content-type")).toBe("application/json");
    expect(new Headers(json?.headers).get("accept")).toBe("application/json");
    expect(json?.body).toBe('{"query":"audi"}');
  });

  it("proxies to INTERNAL_API_URL with the page's cookies as the provider last set them, its user-agent and a signed header", async () => {
    const api = parseProviderApiUrl("https://ponudnik.example/internal-api/v1/");
    if (!("api" in api)) throw new Error(api.error);
    const calls: { url: string; cookie: string | null; ua: string | null; front: string | null }[] = [];
    const fakeProvider: typeof fetch = async (input, init) => {
      const h = new Headers(init?.headers);
      calls.push({
        url: String(input),
        cookie: h.get("cookie"),
        ua: h.get("user-agent"),
        front: h.get("x-avtotrg-front"),
      });
      const answer = respond(200, []);
      if (calls.length === 1) answer.headers.append("set-cookie", "avtotrg_session=new; Path=/; HttpOnly");
      return answer;
    };
    const page = new Request("https://avtotrg.example/", {
      headers: { cookie: "avtotrg_session=abc; consent=1", "user-agent": "Telefon/1", "x-forwarded-for": "1.2.3.4" },
    });
    const cookies = new PageCookies(page.headers.get("cookie"));
    const proxy = createProxyTransport(
      api.api,
      { cookies, forward: forwardedHeaders(page), vouch: async (method, url) => `${method} ${url}` },
      fakeProvider,
    );
    await createApiClient(proxy)["internal-api"].v1.manufacturer.$get();
    await createApiClient(proxy)["is-impersonated"].$post();
    expect(calls).toEqual([
      {
        url: "https://ponudnik.example/internal-api/v1/manufacturer",
        cookie: "avtotrg_session=abc; consent=1",
        ua: "Telefon/1",
        front: "GET https://ponudnik.example/internal-api/v1/manufacturer",
      },
      {
        url: "https://ponudnik.example/is-impersonated",
        cookie: "avtotrg_session=new; consent=1",
        ua: "Telefon/1",
        front: "POST https://ponudnik.example/is-impersonated",
      },
    ]);
    expect(cookies.setCookies).toEqual(["avtotrg_session=new; Path=/; HttpOnly"]);
  });
});
