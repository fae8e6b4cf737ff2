import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { appConfig } from "~/app.config";
import { Modal } from "~/components/modal";
import { formatDate } from "~/domain/format";
import { createArticle, deleteArticle, updateArticle } from "../admin.mutations";
import { apiFailure, type FieldMessages, zodFieldMessages } from "~/client/field-errors";
import { focusFirstInvalid } from "~/client/field-errors";
import { m } from "~/paraglide/messages";
import type { AdminArticle } from "~/contracts/admin-articles";
import { adminArticlesQueryOptions } from "../admin-content.queries";
import { DeleteConfirm } from "./delete-confirm";
import { articleAdminMessages, articleInputSchema, type ArticleInput } from "~/contracts/admin-articles";

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

type Form = {
  title: string;
  subtitle: string;
  moreLink: string;
  summary: string;
  position: string;
  expiryDate: string;
};

const toInput = (f: Form): ArticleInput => ({
  title: f.title,
  subtitle: f.subtitle,
  moreLink: f.moreLink,
  summary: f.summary,
  position: f.position.trim() === "" ? Number.NaN : Number(f.position),
  expiryDate: f.expiryDate || null,
});

/** The add/edit dialog: every field of the article, the picture with a preview (required for a new article). */
function ArticleDialog({
  article,
  onClose,
  onSaved,
}: {
  article: AdminArticle | "new" | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const id = useId();
  const [form, setForm] = useState<Form | null>(null);
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const existing = article && article !== "new" ? article : null;

  useEffect(() => {
    setErrors({});
    setFailure(null);
    setImage(null);
    setForm(
      article === null
        ? null
        : existing
          ? {
              title: existing.title,
              subtitle: existing.subtitle ?? "",
              moreLink: existing.moreLink ?? "",
              summary: existing.summary ?? "",
              position: String(existing.position),
              expiryDate: existing.expiryDate ?? "",
            }
          : // New articles go to the top (position 0) unless the editor says otherwise.
            { title: "", subtitle: "", moreLink: "", summary: "", position: "0", expiryDate: "" },
    );
  }, [article, existing]);

  // The chosen file's preview lives as long as the choice.
  useEffect(() => {
    if (!image) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const set = (key: keyof Form, value: string) => setForm((f) => (f ? { ...f, [key]: value } : f));
  const describedBy = (key: string, hint?: boolean) =>
    [hint ? `${id}-${key}-hint` : "", errors[key] ? `${id}-${key}-error` : ""].filter(Boolean).join(" ") || undefined;
  const error = (key: string) =>
    errors[key] ? (
      <p id={`${id}-${key}-error`} className="mt-1 text-sm text-danger">
        {errors[key]}
      </p>
    ) : null;
  const text = (
    key: keyof Form,
    label: string,
    options: {
      required?: boolean;
      type?: string;
      inputMode?: "numeric" | "url";
      hint?: string;
      maxLength?: number;
    } = {},
  ) => (
    <div>
      <label className="field-label" htmlFor={`${id}-${key}`}>
        {label}
        {options.required ? (
          <span aria-hidden="true" className="text-danger">
            {" "}
            *
          </span>
        ) : null}
      </label>
      <input
        id={`${id}-${key}`}
        className="field-input"
        type={options.type ?? "text"}
        inputMode={options.inputMode}
        maxLength={options.maxLength}
        required={options.required}
        value={form?.[key] ?? ""}
        onChange={(e) => set(key, e.target.value)}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={describedBy(key, Boolean(options.hint))}
      />
      {options.hint ? (
        <p id={`${id}-${key}-hint`} className="mt-1 text-xs text-muted">
          {options.hint}
        </p>
      ) : null}
      {error(key)}
    </div>
  );
  const shownImage = preview ?? existing?.imageUrl ?? null;

  return (
    <Modal
      open={article !== null}
      onClose={onClose}
      title={existing ? m.acontent_article_edit_title() : m.acontent_article_new_title()}
      size="lg"
    >
      {form ? (
        <form
          noValidate
          className="space-y-4"
          onSubmit={async (e) => {
            const formElement = e.currentTarget;
            e.preventDefault();
            setFailure(null);
            const input = toInput(form);
            const parsed = articleInputSchema.safeParse(input);
            const found: FieldMessages = parsed.success ? {} : zodFieldMessages(parsed.error);
            if (!existing && !image) found.image = articleAdminMessages.image;
            if (Object.keys(found).length) {
              setErrors(found);
              focusFirstInvalid(formElement);
              return;
            }
            setErrors({});
            setBusy(true);
            try {
              if (existing) await updateArticle(existing.id, input, image);
              else if (image) await createArticle(input, image);
              onSaved();
            } catch (err) {
              const f = apiFailure(err, m.error_generic());
              setErrors(f.fields);
              setFailure(f.message);
              focusFirstInvalid(formElement);
            } finally {
              setBusy(false);
            }
          }}
        >
          {text("title", m.acontent_article_title_label(), { required: true, maxLength: 200 })}
          {text("subtitle", m.acontent_article_subtitle_label(), { maxLength: 200 })}
          {text("moreLink", m.acontent_article_link_label(), {
            required: true,
            type: "url",
            inputMode: "url",
            hint: m.acontent_link_hint(),
            maxLength: 500,
          })}
          <div>
            <label className="field-label" htmlFor={`${id}-summary`}>
              {m.acontent_article_summary_label()}
            </label>
            <textarea
              id={`${id}-summary`}
              className="field-input min-h-24"
              maxLength={1000}
              value={form.summary}
              onChange={(e) => set("summary", e.target.value)}
              aria-invalid={errors.summary ? true : undefined}
              aria-describedby={describedBy("summary")}
            />
            {error("summary")}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {text("position", m.acontent_article_position_label(), {
              required: true,
              inputMode: "numeric",
              hint: m.acontent_article_position_hint(),
              maxLength: 3,
            })}
            {text("expiryDate", m.acontent_article_expiry_label(), {
              type: "date",
              hint: m.acontent_article_expiry_hint(),
            })}
          </div>
          <div>
            <label className="field-label" htmlFor={`${id}-image`}>
              {m.acontent_article_image_label()}
              {existing ? null : (
                <span aria-hidden="true" className="text-danger">
                  {" "}
                  *
                </span>
              )}
            </label>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
              <div className="aspect-[1200/630] w-full shrink-0 overflow-hidden rounded-md border border-line bg-surface sm:w-56">
                {shownImage ? (
                  <img
                    src={preview ?? `${shownImage}?w=512`}
                    alt={m.acontent_article_image_preview()}
                    className="size-full object-cover"
                    data-testid="article-image-preview"
                  />
                ) : null}
              </div>
              <div className="space-y-1">
                <input
                  id={`${id}-image`}
                  type="file"
                  accept="image/jpeg,image/png,image/webp"
                  className="block w-full text-sm file:mr-3 file:rounded-lg file:border file:border-line file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold"
                  aria-invalid={errors.image ? true : undefined}
                  aria-describedby={describedBy("image", true)}
                  onChange={(e) => setImage(e.target.files?.[0] ?? null)}
                />
                <p id={`${id}-image-hint`} className="text-xs text-muted">
                  {existing ? m.acontent_article_image_hint_edit() : m.acontent_article_image_hint()}
                </p>
                {error("image")}
              </div>
            </div>
          </div>
          {failure ? (
            <p role="alert" className="text-sm text-danger">
              {failure}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <button type="button" className="btn-outline" onClick={onClose}>
              {m.acontent_cancel()}
            </button>
            <button type="submit" className="btn-primary" disabled={busy}>
              {m.acontent_save()}
            </button>
          </div>
        </form>
      ) : null}
    </Modal>
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
      {article ? (
        <DeleteConfirm
          question={m.acontent_article_delete_question({ title: article.title })}
          onCancel={onClose}
          onConfirm={async () => {
            await deleteArticle(article.id);
            onDeleted();
          }}
        />
      ) : null}
    </Modal>
  );
}
