import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { appConfig } from "~/app.config";
import { formatDate } from "~/domain/format";
import { m } from "~/paraglide/messages";
import type { AdminArticle } from "~/contracts/admin-articles";
import { adminArticlesQueryOptions } from "../admin-content.queries";
import { useDeleteArticle } from "../use-confirmed-writes";
import { ArticleDialog } from "./article-dialog";
import { AdminPageHeader, EditDeleteButtons, NewButton } from "./admin-page-ui";
import { NoticeBar } from "./dealer-admin-ui";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { DealerAdminNav } from "./dealer-admin-ui";

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
  const deletion = useDeleteArticle(() => {
    setDeleting(null);
    setMessage(m.acontent_article_deleted());
    refresh();
  });

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ["admin-articles"] });
    // The search and home pages read the current articles through this query.
    void queryClient.invalidateQueries({ queryKey: ["articles"] });
  };

  return (
    <div className="space-y-5">
      <DealerAdminNav current="articles" />
      <AdminPageHeader
        title={m.acontent_articles_title()}
        intro={m.acontent_articles_intro({ count: String(appConfig.limits.searchPageArticles) })}
        action={<NewButton onClick={() => setEditing("new")}>{m.acontent_article_new()}</NewButton>}
      />
      <NoticeBar notice={message ? { text: message, error: false } : null} />
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
              <EditDeleteButtons
                name={a.title}
                onEdit={() => setEditing(a)}
                onDelete={() => {
                  deletion.reset();
                  setDeleting(a);
                }}
              />
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
      {/* The article and its picture go; the audit log keeps it. */}
      <ConfirmDialog
        confirmLabel={m.acontent_delete()}
        title={m.acontent_article_delete_title()}
        question={deleting ? m.acontent_article_delete_question({ title: deleting.title }) : null}
        write={deletion}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && void deletion.submit(deleting.id)}
      />
    </div>
  );
}
