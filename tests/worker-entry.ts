import { app } from "~/api/app";

// src/server.ts needs the TanStack Start plugin; the Hono app alone is what the API tests exercise.
export default { fetch: app.fetch };
