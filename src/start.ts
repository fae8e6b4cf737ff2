import { createCsrfMiddleware, createStart } from "@tanstack/react-start";
import { apiErrorAdapter } from "./client/api-error-adapter";
import { pageErrorAdapter } from "./lib/page-error";

/**
 * TanStack Start's instance (found by name: src/start.ts). Serialization adapters carry a loader's or
 * guard's PageError and ApiError through SSR into the hydrated page with their status (TanStack alone
 * keeps only an Error's message, and the page turned into the 500 page). With an instance, Start no
 * longer adds its default CSRF check for server functions by itself: the same check is named here.
 */
export const startInstance = createStart(() => ({
  serializationAdapters: [pageErrorAdapter, apiErrorAdapter],
  requestMiddleware: [createCsrfMiddleware({ filter: (ctx) => ctx.handlerType === "serverFn" })],
}));
