import type { Db } from "~/db/client.server";
import { findPostingDetail } from "~/db/posting-detail.server";
import { findPostingCardById } from "~/db/search.server";
import type { SessionUser } from "~/domain/session";
import { notFound } from "~/domain/errors";
import { ownDraft } from "./drafts.server";
import { toPostingCard } from "./marketplace.server";
import { toPostingDetail } from "./posting-detail.server";

/**
 * `GET draft/{code}/preview`: the posting as buyers will see it (its page and its search card), for those
 * who may edit it in the wizard (the seller, the dealership's staff; decision 012), whatever its status.
 * No view is counted.
 */
export async function previewDraft(db: Db, user: SessionUser, code: string, now = new Date()) {
  const draft = await ownDraft(db, user, code);
  const [detail, card] = await Promise.all([
    findPostingDetail(db, draft.posting.code, now),
    findPostingCardById(db, draft.posting.id),
  ]);
  if (!detail || !card) throw notFound("Oglas ne obstaja.");
  return { posting: toPostingDetail(detail, true, now), card: toPostingCard(card, now, true) };
}
