import { describe, expect, it } from "vitest";
import { ApiError, createApiClient, RequiredError, toApiError, toQueryString } from "./client";
import { createProxyTransport } from "./server-transports";
import type { ApiTransport } from "./api-url";

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
    });
    expect(() => api.getModels(undefined as unknown as string)).toThrow(
      new RequiredError("manufacturerCode", undefined, "getModels"),
    );
    expect(() => api.getModels(undefined as unknown as string)).toThrow(/manufacturerCode was undefined/);
    expect(() => api.getModels(null as unknown as string)).toThrow(/manufacturerCode was null/);
    expect(() => api.updateMe(null as unknown as Parameters<typeof api.updateMe>[0])).toThrow(
      /Required parameter body was null when calling updateMe/,
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
    const withError = await toApiError(
      respond(400, { message: "m", fieldErrors: [], errors: [{ message: "Napaka pri shranjevanju." }] }),
    );
    expect(withError.firstMessage).toBe("Napaka pri shranjevanju.");
    expect((await toApiError(respond(400, {}))).firstMessage).toBe("Napaka, prosimo poskusite kasneje.");
  });

  it("throws the ApiError from client calls", async () => {
    const api = createApiClient(async () => respond(404, { message: "Znamka ne obstaja.", statusCode: 404 }));
    await expect(api.getModels("ne-obstaja")).rejects.toMatchObject({ statusCode: 404, message: "Znamka ne obstaja." });
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
});

describe("transports", () => {
  it("sends requests under internal-api/v1 with the client's method and JSON", async () => {
    const seen: { path: string; init: RequestInit }[] = [];
    const transport: ApiTransport = async (path, init) => {
      seen.push({ path, init });
      return respond(200, { impersonated: false });
    };
    await createApiClient(transport).isImpersonated();
    await createApiClient(transport).searchMarketplace({ page: 2, size: 24 });
    expect(seen.map((s) => [s.init.method, s.path])).toEqual([
      ["POST", "/is-impersonated"],
      ["GET", "marketplace/search?page=2&size=24"],
    ]);
  });

  it("proxies to INTERNAL_API_URL and forwards the cookie header", async () => {
    const calls: { url: string; cookie: string | null }[] = [];
    const fakeProvider: typeof fetch = async (input, init) => {
      calls.push({ url: String(input), cookie: new Headers(init?.headers).get("cookie") });
      return respond(200, []);
    };
    const proxy = createProxyTransport("https://ponudnik.example/", "avtotrg_session=abc", fakeProvider);
    await createApiClient(proxy).getManufacturers();
    await createApiClient(proxy).isImpersonated();
    expect(calls).toEqual([
      { url: "https://ponudnik.example/internal-api/v1/manufacturer", cookie: "avtotrg_session=abc" },
      { url: "https://ponudnik.example/is-impersonated", cookie: "avtotrg_session=abc" },
    ]);
  });
});
