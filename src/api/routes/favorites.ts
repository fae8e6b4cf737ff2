import { Hono } from "hono";
import { favoritesOf } from "~/services/marketplace.server";
import type { ApiEnv } from "../env";
import { requireUser } from "../middleware/guards";

export const favoriteRoutes = new Hono<ApiEnv>()
  /** The signed-in user's liked postings with price changes since liking. */
  .get("/", async (c) => c.json(await favoritesOf(c.get("db"), requireUser(c).id)));
