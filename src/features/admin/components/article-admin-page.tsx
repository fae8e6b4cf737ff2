import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { appConfig } from "~/app.config";
import { Modal } from "~/components/modal";
import { formatDate } from "~/domain/format";
import { m } from "~/paraglide/messages";
import type { AdminArticle } from "~/contracts/admin-articles";
import { adminArticlesQueryOptions } from "../admin-content.queries";
import { useDeleteArticle } from "../use-delete-article";
import { ArticleDialog } from "./article-dialog";
import { DeleteConfirm } from "./delete-confirm";

const dayLabel = (day: string) => formatDate(`${day}T12:00:00Z`);

const hostOf = (link: string) => {
  try {
    return new URL(link).hostname;
  } catch {
    return link;
  }
};

/** Where an article stands: on the search page now, current but further down, or expired. */
function ArticleState({ article }: { article: AdminArticle }) {
  if (article.expired)
    return (
      <span className="rounded bg-red-50 px-1.5 py-0.5 text-xs font-medium text-danger">
        {m.acontent_article_expired()}
      </span>
    );
  if (article.onSearchPage)
    return (
      <span className="rounded bg-brand-50 px-1.5 py-0.5 text-xs font-medium text-brand-800">
        {m.acontent_article_on_search()}
      </span>
    );
  return (
    <span className="rounded bg-surface px-1.5 py-0.5 text-xs font-medium text-muted">
      {m.acontent_article_current()}
    </span>
  );
}

/**
 * /administracija/clanki: the news articles of the search and home pages, by position, expired ones
 * marked; a dialog adds or edits one (picture with preview), another confirms a deletion.
 */
export function ArticleAdminPage() {
  const { data } = useSuspenseQuery(adminArticlesQueryOptions());
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<AdminArticle | "new" | null>(null);
  const [deleting, setDeleting] = useState<AdminArticle | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ["admin-articles"] });
    // The search and home pages read the current articles through this query.
    void queryClient.invalidateQueries({ queryKey: ["articles"] });
  };

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{m.acontent_articles_title()}</h1>
          <p className="mt-1 max-w-2xl text-sm text-muted">
            {m.acontent_articles_intro({ count: String(appConfig.limits.searchPageArticles) })}
          </p>
        </div>
        <button type="button" className="btn-primary" onClick={() => setEditing("new")}>
          {m.acontent_article_new()}
        </button>
      </div>
      {message ? (
        <p role="status" className="rounded-lg bg-brand-50 p-3 text-sm text-brand-800">
          {message}
        </p>
      ) : null}
      {data.length === 0 ? <p className="card p-6 text-center text-muted">{m.acontent_articles_empty()}</p> : null}
      <ul className="space-y-3" data-testid="article-list">
        {data.map((a) => (
          <li
            key={a.id}
            className={`card grid grid-cols-[6rem_1fr] items-start gap-3 p-3 sm:grid-cols-[10rem_1fr_auto] sm:items-center ${a.expired ? "opacity-75" : ""}`}
            data-article-id={a.id}
          >
            <div className="aspect-[1200/630] w-full overflow-hidden rounded-md bg-surface">
              {a.imageUrl ? (
                <img
                  src={`${a.imageUrl}?w=256`}
                  alt=""
                  width={160}
                  height={84}
                  className="size-full object-cover"
                  loading="lazy"
                />
              ) : null}
            </div>
            <div className="min-w-0 flex-1 space-y-1">
              <div className="flex flex-wrap items-center gap-2">
                <ArticleState article={a} />
                <span className="text-xs text-muted">
                  {m.acontent_article_position({ position: String(a.position) })}
                </span>
              </div>
              <h2 className="font-semibold">{a.title}</h2>
              {a.subtitle ? <p className="text-sm text-muted">{a.subtitle}</p> : null}
              <p className="text-xs text-muted">
                {a.expiryDate
                  ? a.expired
                    ? m.acontent_article_expired_on({ date: dayLabel(a.expiryDate) })
                    : m.acontent_article_valid_until({ date: dayLabel(a.expiryDate) })
                  : m.acontent_article_no_expiry()}
                {a.moreLink ? (
                  <>
                    {" · "}
                    <a href={a.moreLink} className="underline" target="_blank" rel="noopener noreferrer">
                      {hostOf(a.moreLink)}
                    </a>
                  </>
                ) : null}
              </p>
            </div>
            <div className="col-span-2 flex gap-2 sm:col-span-1">
              <button type="button" className="btn-outline" onClick={() => setEditing(a)}>
                {m.acontent_edit()}
                <span className="sr-only"> – {a.title}</span>
              </button>
              <button type="button" className="btn-outline text-danger" onClick={() => setDeleting(a)}>
                {m.acontent_delete()}
                <span className="sr-only"> – {a.title}</span>
              </button>
            </div>
          </li>
        ))}
      </ul>
      <ArticleDialog
        article={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          setMessage(m.acontent_article_saved());
          refresh();
        }}
      />
      <DeleteArticleDialog
        article={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          setMessage(m.acontent_article_deleted());
          refresh();
        }}
      />
    </div>
  );
}

/** Asks before deleting; the article and its picture go, the audit log keeps it. */
function DeleteArticleDialog({
  article,
  onClose,
  onDeleted,
}: {
  article: AdminArticle | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  return (
    <Modal open={article !== null} onClose={onClose} title={m.acontent_article_delete_title()}>
      {article ? <DeleteArticle article={article} onClose={onClose} onDeleted={onDeleted} /> : null}
    </Modal>
  );
}

function DeleteArticle({
  article,
  onClose,
  onDeleted,
}: {
  article: AdminArticle;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const deletion = useDeleteArticle(onDeleted);
  return (
    <DeleteConfirm
      question={m.acontent_article_delete_question({ title: article.title })}
      deletion={deletion}
      onCancel={onClose}
      onConfirm={() => void deletion.submit(article.id)}
    />
  );
}
