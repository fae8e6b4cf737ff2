import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { Modal } from "~/components/modal";
import { Pager } from "~/components/pager";
import { badgeTypeLabels } from "~/domain/enums/posting";
import { formatDate, formatMileage, formatNumber, formatPrice } from "~/domain/format";
import { centsToEuroInput, euroInputValue } from "~/domain/money";
import { rewriteImageUrl } from "~/domain/image-url";
import { savePostingReview } from "../admin.mutations";
import { apiFailure, type FieldMessages, zodFieldMessages } from "~/client/field-errors";
import { m } from "~/paraglide/messages";
import type { ReviewItem } from "~/contracts/admin-posting-review";
import { postingReviewSchema, postingReviewTabs, type PostingReviewTab } from "~/contracts/admin-posting-review";
import { postingReviewQueryOptions, type PostingReviewSearch } from "../posting-review.queries";

const tabLabels: Record<PostingReviewTab, () => string> = {
  newest: m.review_tab_newest,
  promising: m.review_tab_promising,
};

/** /admin/postings: published postings (newest, or Promising) with search and paging; each opens the review dialog. */
export function PostingReviewPage({
  search,
  onSearch,
}: {
  search: PostingReviewSearch;
  onSearch: (s: PostingReviewSearch) => void;
}) {
  const { data } = useSuspenseQuery(postingReviewQueryOptions(search));
  const queryClient = useQueryClient();
  const [q, setQ] = useState(search.q ?? "");
  const [editing, setEditing] = useState<ReviewItem | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const tab = search.tab ?? "newest";
  useEffect(() => setQ(search.q ?? ""), [search.q]);

  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold tracking-tight">{m.review_title()}</h1>
      <div role="tablist" aria-label={m.review_tabs()} className="flex gap-2 border-b border-line">
        {postingReviewTabs.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={tab === t}
            onClick={() => onSearch({ tab: t === "newest" ? undefined : t, q: search.q })}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${tab === t ? "border-brand-700 text-brand-800" : "border-transparent text-muted hover:text-ink"}`}
          >
            {tabLabels[t]()}
          </button>
        ))}
      </div>
      <form
        role="search"
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          onSearch({ tab: search.tab, q: q.trim() || undefined });
        }}
      >
        <label className="flex-1 text-sm">
          <span className="mb-1 block font-medium">{m.review_search()}</span>
          <input
            type="search"
            className="field-input"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder={m.stock_search_placeholder()}
            maxLength={60}
          />
        </label>
        <button type="submit" className="btn-primary">
          {m.stock_search_submit()}
        </button>
      </form>
      <p className="text-sm text-muted">{m.review_total({ total: formatNumber(data.total) })}</p>
      {message ? (
        <p role="status" className="rounded-lg bg-brand-50 p-3 text-sm text-brand-800">
          {message}
        </p>
      ) : null}
      <ul className="space-y-3" data-testid="review-list">
        {data.postings.map((p) => (
          <li
            key={p.code}
            className="card flex flex-wrap items-start gap-3 p-3 sm:flex-nowrap sm:items-center"
            data-code={p.code}
          >
            <div className="aspect-[3/2] w-24 shrink-0 overflow-hidden rounded-md bg-surface sm:w-32">
              {p.imageUrl ? (
                <img
                  src={rewriteImageUrl(p.imageUrl, "sm")}
                  alt=""
                  width={128}
                  height={85}
                  className="size-full object-cover"
                  loading="lazy"
                />
              ) : null}
            </div>
            <div className="min-w-0 flex-1 space-y-0.5">
              <h2 className="truncate font-semibold">
                <a className="hover:underline" href={`/oglas/${p.postId}`}>
                  {p.title || p.code}
                </a>
                {p.modelYear ? <span className="font-normal text-muted"> · {p.modelYear}</span> : null}
              </h2>
              <p className="text-sm">
                {p.price !== null ? formatPrice(p.specialPrice ?? p.price) : ""}
                {p.odometerKm !== null ? ` · ${formatMileage(p.odometerKm)}` : ""}
              </p>
              <p className="text-xs text-muted">
                {m.stock_code({ code: p.code })} · {p.seller ?? ""}
                {p.publishedAt ? ` · ${m.detail_published()} ${formatDate(p.publishedAt)}` : ""}
                {p.corrected ? ` · ${m.review_corrected()}` : ""}
              </p>
              {p.badges.length ? (
                <ul className="flex flex-wrap gap-1" aria-label={m.review_badges()}>
                  {p.badges.map((b) => (
                    <li key={b} className="rounded bg-brand-50 px-1.5 py-0.5 text-xs font-medium text-brand-800">
                      {badgeTypeLabels[b]}
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
            <button type="button" className="btn-outline" onClick={() => setEditing(p)}>
              {m.review_edit()}
            </button>
          </li>
        ))}
      </ul>
      <Pager
        page={data.page}
        total={data.total}
        size={data.size}
        label={m.adealers_pages()}
        onPage={(page) => onSearch({ ...search, page: page > 1 ? page : undefined })}
      />
      <ReviewDialog
        item={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          setMessage(m.review_saved());
          void queryClient.invalidateQueries({ queryKey: ["posting-review"] });
        }}
      />
    </div>
  );
}

type Form = {
  price: string;
  specialPrice: string;
  odometerKm: string;
  modelYear: string;
  description: string;
  badgeVerified: boolean;
  badgeVerifiedDescription: string;
  badgeGoodBuy: boolean;
  badgeGoodBuyDescription: string;
  badgePromising: boolean;
};

const numberOrNull = (s: string) => (s.trim() === "" ? null : Number(s.replace(/\./g, "").replace(",", ".")));

/** The editor's dialog: correct price, mileage, year and description; set Verified, Good buy and Promising with their short descriptions. */
function ReviewDialog({
  item,
  onClose,
  onSaved,
}: {
  item: ReviewItem | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const id = useId();
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setErrors({});
    setFailure(null);
    setForm(
      item
        ? {
            price: centsToEuroInput(item.price),
            specialPrice: centsToEuroInput(item.specialPrice),
            odometerKm: item.odometerKm === null ? "" : String(item.odometerKm),
            modelYear: item.modelYear === null ? "" : String(item.modelYear),
            description: item.description ?? "",
            badgeVerified: item.badges.includes("VERIFIED"),
            badgeVerifiedDescription: item.badgeVerifiedDescription ?? "",
            badgeGoodBuy: item.badges.includes("GOOD_BUY"),
            badgeGoodBuyDescription: item.badgeGoodBuyDescription ?? "",
            badgePromising: item.badges.includes("PROMISING"),
          }
        : null,
    );
  }, [item]);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => (f ? { ...f, [key]: value } : f));
  const field = (
    key: "price" | "specialPrice" | "odometerKm" | "modelYear",
    label: string,
    inputMode: "decimal" | "numeric",
  ) => (
    <div>
      <label className="field-label" htmlFor={`${id}-${key}`}>
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        className="field-input"
        inputMode={inputMode}
        value={form?.[key] ?? ""}
        onChange={(e) => set(key, e.target.value)}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
      />
      {errors[key] ? (
        <p id={`${id}-${key}-error`} className="mt-1 text-sm text-danger">
          {errors[key]}
        </p>
      ) : null}
    </div>
  );
  const badge = (
    flag: "badgeVerified" | "badgeGoodBuy",
    text: "badgeVerifiedDescription" | "badgeGoodBuyDescription",
    label: string,
  ) => (
    <div className="space-y-1">
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="size-4 accent-brand-600"
          checked={form?.[flag] ?? false}
          onChange={(e) => set(flag, e.target.checked)}
          aria-describedby={errors[flag] ? `${id}-${flag}-error` : undefined}
        />
        {label}
      </label>
      {errors[flag] ? (
        <p id={`${id}-${flag}-error`} className="text-sm text-danger">
          {errors[flag]}
        </p>
      ) : null}
      {form?.[flag] ? (
        <>
          <label className="sr-only" htmlFor={`${id}-${text}`}>
            {m.review_badge_description({ badge: label })}
          </label>
          <input
            id={`${id}-${text}`}
            className="field-input"
            placeholder={m.review_badge_description({ badge: label })}
            maxLength={200}
            value={form[text]}
            onChange={(e) => set(text, e.target.value)}
            aria-invalid={errors[text] ? true : undefined}
            aria-describedby={errors[text] ? `${id}-${text}-error` : undefined}
          />
          {errors[text] ? (
            <p id={`${id}-${text}-error`} className="text-sm text-danger">
              {errors[text]}
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );

  return (
    <Modal
      open={item !== null}
      onClose={onClose}
      title={m.review_dialog_title({ title: item?.title || item?.code || "" })}
      size="lg"
    >
      {form && item ? (
        <form
          noValidate
          className="space-y-4"
          onSubmit={async (e) => {
            e.preventDefault();
            setFailure(null);
            const parsed = postingReviewSchema.safeParse({
              price: euroInputValue(form.price),
              specialPrice: euroInputValue(form.specialPrice),
              odometerKm: numberOrNull(form.odometerKm),
              modelYear: numberOrNull(form.modelYear),
              description: form.description,
              badgeVerified: form.badgeVerified,
              badgeVerifiedDescription: form.badgeVerifiedDescription.trim() || null,
              badgeGoodBuy: form.badgeGoodBuy,
              badgeGoodBuyDescription: form.badgeGoodBuyDescription.trim() || null,
              badgePromising: form.badgePromising,
            });
            if (!parsed.success) {
              setErrors(zodFieldMessages(parsed.error));
              return;
            }
            setErrors({});
            setBusy(true);
            try {
              await savePostingReview(item.code, parsed.data);
              onSaved();
            } catch (err) {
              const f = apiFailure(err, m.error_generic());
              setErrors(f.fields);
              setFailure(f.message);
            } finally {
              setBusy(false);
            }
          }}
        >
          <div className="grid grid-cols-2 gap-3">
            {field("price", m.review_price(), "decimal")}
            {field("specialPrice", m.review_special_price(), "decimal")}
            {field("odometerKm", m.review_odometer(), "numeric")}
            {field("modelYear", m.review_year(), "numeric")}
          </div>
          <div>
            <label className="field-label" htmlFor={`${id}-description`}>
              {m.review_description()}
            </label>
            <textarea
              id={`${id}-description`}
              className="field-input min-h-24"
              value={form.description}
              onChange={(e) => set("description", e.target.value)}
            />
          </div>
          <fieldset className="space-y-3 rounded-lg border border-line p-3">
            <legend className="px-1 text-sm font-semibold">{m.review_badges()}</legend>
            {badge("badgeVerified", "badgeVerifiedDescription", badgeTypeLabels.VERIFIED)}
            {badge("badgeGoodBuy", "badgeGoodBuyDescription", badgeTypeLabels.GOOD_BUY)}
            <label className="flex items-center gap-2 text-sm font-medium">
              <input
                type="checkbox"
                className="size-4 accent-brand-600"
                checked={form.badgePromising}
                onChange={(e) => set("badgePromising", e.target.checked)}
              />
              {badgeTypeLabels.PROMISING}
            </label>
          </fieldset>
          {failure ? (
            <p role="alert" className="text-sm text-danger">
              {failure}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <button type="button" className="btn-outline" onClick={onClose}>
              {m.review_cancel()}
            </button>
            <button type="submit" className="btn-primary" disabled={busy}>
              {m.review_save()}
            </button>
          </div>
        </form>
      ) : null}
    </Modal>
  );
}
