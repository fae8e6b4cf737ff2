import { type Context, Hono } from "hono";
import { desc } from "drizzle-orm";
import { outbox } from "~/db/schema/system";
import { notFound } from "~/domain/errors";
import { z } from "~/domain/zod-locale";
import { provider, receiptChannel } from "../payments";
import type { ApiEnv } from "../env";
import { validate } from "../validate";
import { completeLocalCheckout, getLocalCheckout } from "~/services/featuring-payments.server";
import { requireUser, signedIn } from "../middleware/guards";

const sessionParam = z.object({ sessionId: z.string().regex(/^[A-Za-z0-9_-]{8,200}$/, "Neveljavna seja plačila.") });

/** "Plačaj (test)" / "Prekliči" on the local test checkout, for the signed-in buyer. */
const finishLocalCheckout = async (c: Context<ApiEnv>, sessionId: string, outcome: "paid" | "cancelled") =>
  completeLocalCheckout(c.get("db"), await provider(c), sessionId, requireUser(c), outcome, receiptChannel(c));

/** `dev/*`: development-only pages (the DEV_OUTBOX mailbox, the fake payment provider). */
export const devRoutes = new Hono<ApiEnv>()
  /** Development mailbox (DEV_OUTBOX only): every e-mail and SMS, newest first. */
  .get("/outbox", async (c) => {
    if (c.env.DEV_OUTBOX !== "1") throw notFound("Ta pot ne obstaja.");
    const rows = await c
      .get("db")
      .select({
        id: outbox.id,
        to: outbox.toAddress,
        channel: outbox.channel,
        subject: outbox.subject,
        text: outbox.text,
        html: outbox.html,
        link: outbox.link,
        pin: outbox.pin,
        createdAt: outbox.createdAt,
      })
      .from(outbox)
      .orderBy(desc(outbox.id))
      .limit(100)
      .all();
    return c.json(rows);
  })
  /** The local test checkout (DEV_OUTBOX without Stripe keys; 404 otherwise): what is being paid. */
  .get("/payments/:sessionId", signedIn, validate("param", sessionParam), async (c) => {
    return c.json(
      await getLocalCheckout(c.get("db"), await provider(c), c.req.valid("param").sessionId, requireUser(c)),
    );
  })
  .post("/payments/:sessionId/pay", signedIn, validate("param", sessionParam), async (c) => {
    return c.json(await finishLocalCheckout(c, c.req.valid("param").sessionId, "paid"));
  })
  .post("/payments/:sessionId/cancel", signedIn, validate("param", sessionParam), async (c) => {
    return c.json(await finishLocalCheckout(c, c.req.valid("param").sessionId, "cancelled"));
  });
