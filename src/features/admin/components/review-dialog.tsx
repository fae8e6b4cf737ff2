import { useEffect, useId, useState } from "react";
import { Checkbox, Field, TextArea } from "~/components/ui/field";
import type { ReviewItem } from "~/contracts/admin-posting-review";
import { badgeTypeLabels } from "~/domain/enums/posting";
import { centsToEuroInput, euroInputValue } from "~/domain/money";
import { m } from "~/paraglide/messages";
import { FormDialog } from "./admin-page-ui";
import { ReviewPhotos } from "./review-photos";
import { type PostingReviewForm, useSavePostingReview } from "../use-save-posting-review";

type Values = {
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

const formOf = (item: ReviewItem): Values => ({
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
});

const toInput = (form: Values): PostingReviewForm => ({
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

/** The editor's dialog: correct price, mileage, year and description; set Verified, Good buy and Promising with their short descriptions. */
export function ReviewDialog({
  item,
  onClose,
  onSaved,
}: {
  item: ReviewItem | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const id = useId();
  const [form, setForm] = useState<Values | null>(null);
  const save = useSavePostingReview(item?.code ?? "", onSaved);
  const { reset } = save;
  const errors = save.fieldErrors;

  useEffect(() => {
    reset();
    setForm(item ? formOf(item) : null);
  }, [item, reset]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => setForm((f) => (f ? { ...f, [key]: value } : f));
  const field = (
    key: "price" | "specialPrice" | "odometerKm" | "modelYear",
    label: string,
    inputMode: "decimal" | "numeric",
  ) => (
    <Field
      id={`${id}-${key}`}
      label={label}
      inputMode={inputMode}
      value={form?.[key] ?? ""}
      onChange={(value) => set(key, value)}
      error={errors[key]}
    />
  );
  const badge = (
    flag: "badgeVerified" | "badgeGoodBuy",
    text: "badgeVerifiedDescription" | "badgeGoodBuyDescription",
    label: string,
  ) => (
    <div className="space-y-1">
      <Checkbox
        id={`${id}-${flag}`}
        label={label}
        className="font-medium"
        checked={form?.[flag] ?? false}
        onChange={(checked) => set(flag, checked)}
        error={errors[flag]}
      />
      {form?.[flag] ? (
        <Field
          id={`${id}-${text}`}
          label={<span className="sr-only">{m.review_badge_description({ badge: label })}</span>}
          placeholder={m.review_badge_description({ badge: label })}
          maxLength={200}
          value={form[text]}
          onChange={(value) => set(text, value)}
          error={errors[text]}
        />
      ) : null}
    </div>
  );

  return (
    <FormDialog
      open={item !== null}
      title={m.review_dialog_title({ title: item?.title || item?.code || "" })}
      values={item ? form : null}
      form={save}
      input={toInput}
      labels={{ cancel: m.review_cancel(), save: m.review_save() }}
      onClose={onClose}
    >
      {(form) => (
        <>
          {item ? <ReviewPhotos key={item.code} item={item} /> : null}
          <div className="grid grid-cols-2 gap-3">
            {field("price", m.review_price(), "decimal")}
            {field("specialPrice", m.review_special_price(), "decimal")}
            {field("odometerKm", m.review_odometer(), "numeric")}
            {field("modelYear", m.review_year(), "numeric")}
          </div>
          <TextArea
            id={`${id}-description`}
            label={m.review_description()}
            value={form.description}
            onChange={(value) => set("description", value)}
            error={errors.description}
          />
          <fieldset className="space-y-3 rounded-lg border border-line p-3">
            <legend className="px-1 text-sm font-semibold">{m.review_badges()}</legend>
            {badge("badgeVerified", "badgeVerifiedDescription", badgeTypeLabels.VERIFIED)}
            {badge("badgeGoodBuy", "badgeGoodBuyDescription", badgeTypeLabels.GOOD_BUY)}
            <Checkbox
              id={`${id}-badgePromising`}
              label={badgeTypeLabels.PROMISING}
              className="font-medium"
              checked={form.badgePromising}
              onChange={(checked) => set("badgePromising", checked)}
              error={errors.badgePromising}
            />
          </fieldset>
        </>
      )}
    </FormDialog>
  );
}
