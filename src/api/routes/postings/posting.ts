import { Hono } from "hono";
import { z } from "~/domain/zod-locale";
import { getPostingDetail, postingStatistics } from "~/services/posting-detail.server";
import { postingPdf } from "~/services/posting-pdf.server";
import { inlinePdfHeaders } from "~/lib/security-headers";
import { publicOrigin } from "../../public-origin";
import { postingCodeParam } from "../../params";
import type { ApiEnv } from "../../env";
import { requireUser, signedIn } from "../../middleware/guards";
import { validate } from "../../validate";
import { clientIp } from "../../session-cookie";
import { afterResponse } from "~/lib/after-response.server";

const similarFlag = z.object({ similar: z.enum(["1"]).optional().catch(undefined) });

export const postingRoutes = new Hono<ApiEnv>()
  /**
   * The posting page's data: 404 unknown (or a draft of someone else), 410 sold/expired/removed. `?similar=1` (the
   * posting page) adds the similar vehicles (`similar`, as GET marketplace/similar-vehicles/{code}) from the same
   * D1 round trip (decision 089).
   */
  .get("/:code", validate("param", postingCodeParam), validate("query", similarFlag), async (c) => {
    const detail = await getPostingDetail(c.get("db"), c.req.valid("param").code, c.get("session")?.user ?? null, {
      similar: c.req.valid("query").similar === "1",
      countView: true,
      client: clientIp(c),
      // The view is counted after the response (one statement, decisions 081, 089): not even started before the
      // page's Response exists, so the page never waits for the write.
      later: (work) => afterResponse(work, "view count"),
      // A signed-in page's call: the session's statement goes first in the posting's batch (decision 089).
      sessionInBatch: c.get("sessionInBatch"),
    });
    // What a signed-in viewer gets may be theirs alone (the owner's featuring days, decision 062): no shared cache keeps it.
    if (c.get("session")) c.header("cache-control", "private, no-store");
    return c.json(detail);
  })
  /** The A4 PDF sheet (inline for the /pdf page's viewer, else a download). */
  .get(
    "/:code/download-pdf",
    validate("param", postingCodeParam),
    validate("query", z.object({ inline: z.enum(["1"]).optional().catch(undefined) })),
    async (c) => {
      const { bytes, filename } = await postingPdf(
        c.get("db"),
        { media: c.env.MEDIA, images: c.env.IMAGES },
        c.req.valid("param").code,
        c.get("session")?.user ?? null,
        publicOrigin(c),
      );
      const inline = c.req.valid("query").inline === "1";
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        "content-type": "application/pdf",
        "content-disposition": `${inline ? "inline" : "attachment"}; filename="${filename}"`,
        "cache-control": "private, max-age=60",
        // Shown inside our /pdf page's <object>: same-origin framing only (decision 042).
        ...(inline ? inlinePdfHeaders : {}),
      });
    },
  )
  /** Views per day (last 30 days) for the seller, the dealership's staff, editors and admins. */
  .get("/:code/statistics", signedIn, validate("param", postingCodeParam), async (c) => {
    return c.json(await postingStatistics(c.get("db"), c.req.valid("param").code, requireUser(c)));
  });
