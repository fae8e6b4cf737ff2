import { Hono } from "hono";
import { disableAlertsByToken, openSavedSearch } from "~/db/saved-searches.server";
import { notFound } from "~/domain/errors";
import { z } from "~/domain/zod-locale";
import { saveSearchInputSchema } from "~/contracts/saved-searches";
import { removeSavedSearch, saveSearch, savedSearchesOf } from "~/services/saved-searches.server";
import type { ApiEnv } from "../env";
import { requireUser, signedIn } from "../middleware/guards";
import { validate } from "../validate";

const idParam = z.object({
  id: z.coerce
    .number({ error: "Neveljaven id." })
    .int()
    .positive("Neveljaven id.")
    .max(2 ** 31),
});

export const savedSearchRoutes = new Hono<ApiEnv>()
  /** Unsubscribe link from an alert e-mail (no sign-in needed: the token is the permission). */
  .get("/unsubscribe", validate("query", z.object({ token: z.string().max(200).optional() })), async (c) => {
    const ok = await disableAlertsByToken(c.get("db"), c.req.valid("query").token ?? "");
    return c.redirect(`/shranjena-iskanja/odjava?${ok ? "ok=1" : "ok=0"}`, 302);
  })
  .get("/", async (c) => {
    const user = requireUser(c);
    return c.json(await savedSearchesOf(c.get("db"), user.id));
  })
  .post("/", signedIn, validate("json", saveSearchInputSchema), async (c) => {
    const user = requireUser(c);
    return c.json(await saveSearch(c.get("db"), user.id, c.req.valid("json")), 201);
  })
  .post("/:id/seen", signedIn, validate("param", idParam), async (c) => {
    const user = requireUser(c);
    if (!(await openSavedSearch(c.get("db"), user.id, c.req.valid("param").id, new Date().toISOString())))
      throw notFound("Shranjeno iskanje ne obstaja.");
    return c.body(null, 204);
  })
  /**
   * "Odpri" in the list, a plain form post (it works before the page hydrates, and no navigation can cancel
   * it): the new-hit count starts again from now, and the browser goes on to the search (303).
   */
  .post("/:id/open", signedIn, validate("param", idParam), async (c) => {
    const user = requireUser(c);
    const row = await openSavedSearch(c.get("db"), user.id, c.req.valid("param").id, new Date().toISOString());
    if (!row) throw notFound("Shranjeno iskanje ne obstaja.");
    return c.redirect(`/iskanje${row.query ? `?${row.query}` : ""}`, 303);
  })
  .delete("/:id", signedIn, validate("param", idParam), async (c) => {
    const user = requireUser(c);
    await removeSavedSearch(c.get("db"), user.id, c.req.valid("param").id);
    return c.body(null, 204);
  });
