import { useEffect, useId, useState } from "react";
import { Field, FieldFrame, TextArea } from "~/components/ui/field";
import type { AdminArticle, ArticleInput } from "~/contracts/admin-articles";
import { m } from "~/paraglide/messages";
import { contentFormLabels, FormDialog } from "./admin-page-ui";
import { useSaveArticle } from "../use-save-article";

type Values = {
  title: string;
  subtitle: string;
  moreLink: string;
  summary: string;
  position: string;
  expiryDate: string;
};

const toInput = (f: Values): ArticleInput => ({
  title: f.title,
  subtitle: f.subtitle,
  moreLink: f.moreLink,
  summary: f.summary,
  position: f.position.trim() === "" ? Number.NaN : Number(f.position),
  expiryDate: f.expiryDate || null,
});

const formOf = (existing: AdminArticle | null): Values =>
  existing
    ? {
        title: existing.title,
        subtitle: existing.subtitle ?? "",
        moreLink: existing.moreLink ?? "",
        summary: existing.summary ?? "",
        position: String(existing.position),
        expiryDate: existing.expiryDate ?? "",
      }
    : // New articles go to the top (position 0) unless the editor says otherwise.
      { title: "", subtitle: "", moreLink: "", summary: "", position: "0", expiryDate: "" };

/** The add/edit dialog: every field of the article, the picture with a preview (required for a new article). */
export function ArticleDialog({
  article,
  onClose,
  onSaved,
}: {
  article: AdminArticle | "new" | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const id = useId();
  const [form, setForm] = useState<Values | null>(null);
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const existing = article && article !== "new" ? article : null;
  const save = useSaveArticle(existing, onSaved);
  const { reset } = save;
  const errors = save.fieldErrors;

  useEffect(() => {
    reset();
    setImage(null);
    setForm(article === null ? null : formOf(existing));
  }, [article, existing, reset]);

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

  const set = (key: keyof Values) => (value: string) => setForm((f) => (f ? { ...f, [key]: value } : f));
  const shownImage = preview ?? existing?.imageUrl ?? null;

  return (
    <FormDialog
      open={article !== null}
      title={existing ? m.acontent_article_edit_title() : m.acontent_article_new_title()}
      values={form}
      form={save}
      input={(values) => ({ ...toInput(values), image })}
      labels={contentFormLabels()}
      onClose={onClose}
    >
      {(form) => (
        <>
          <Field
            id={`${id}-title`}
            label={m.acontent_article_title_label()}
            required
            maxLength={200}
            value={form.title}
            onChange={set("title")}
            error={errors.title}
          />
          <Field
            id={`${id}-subtitle`}
            label={m.acontent_article_subtitle_label()}
            maxLength={200}
            value={form.subtitle}
            onChange={set("subtitle")}
            error={errors.subtitle}
          />
          <Field
            id={`${id}-moreLink`}
            label={m.acontent_article_link_label()}
            required
            type="url"
            inputMode="url"
            hint={m.acontent_link_hint()}
            maxLength={500}
            value={form.moreLink}
            onChange={set("moreLink")}
            error={errors.moreLink}
          />
          <TextArea
            id={`${id}-summary`}
            label={m.acontent_article_summary_label()}
            maxLength={1000}
            value={form.summary}
            onChange={set("summary")}
            error={errors.summary}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id={`${id}-position`}
              label={m.acontent_article_position_label()}
              required
              inputMode="numeric"
              hint={m.acontent_article_position_hint()}
              maxLength={3}
              value={form.position}
              onChange={set("position")}
              error={errors.position}
            />
            <Field
              id={`${id}-expiryDate`}
              label={m.acontent_article_expiry_label()}
              type="date"
              hint={m.acontent_article_expiry_hint()}
              value={form.expiryDate}
              onChange={set("expiryDate")}
              error={errors.expiryDate}
            />
          </div>
          <FieldFrame
            id={`${id}-image`}
            label={m.acontent_article_image_label()}
            required={!existing}
            hint={existing ? m.acontent_article_image_hint_edit() : m.acontent_article_image_hint()}
            error={errors.image}
          >
            {(aria) => (
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
                <input
                  {...aria}
                  type="file"
                  accept="image/jpeg,image/png,image/webp"
                  className="block w-full text-sm file:mr-3 file:rounded-lg file:border file:border-line file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold"
                  onChange={(e) => setImage(e.target.files?.[0] ?? null)}
                />
              </div>
            )}
          </FieldFrame>
        </>
      )}
    </FormDialog>
  );
}
