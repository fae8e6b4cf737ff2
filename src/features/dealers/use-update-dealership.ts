import { useQueryClient } from "@tanstack/react-query";
import { useApiForm } from "~/client/use-api-form";
import { dealerPageInputSchema } from "~/contracts/dealerships";
import type { CropView } from "~/domain/banner-crop";
import type { PublicDealership } from "~/domain/dealership";
import type { WeekForm } from "~/domain/opening-hours";
import { m } from "~/paraglide/messages";
import { renderBanner } from "./components/banner-cropper";
import { updateDealership } from "./dealers.mutations";
import { dealershipQueryOptions } from "./dealers.queries";

/** The page's texts as the form holds them (`dealership` of the multipart body). */
export type DealerPageForm = {
  publicName: string;
  address: string;
  postalCode: string;
  city: string;
  email: string;
  phone: string;
  webPage: string;
  facebook: string;
  instagram: string;
  tiktok: string;
  youtube: string;
  /** Each day's hours (decision 072); the spec's weekly and Saturday fields are made from them. */
  hours: WeekForm;
  brands: string[];
};

/** The pictures chosen or taken off on the page (a banner still to be cropped). */
export type DealerPagePictures = {
  logo: File | null;
  banner: { bitmap: ImageBitmap; view: CropView } | null;
  removeLogo: boolean;
  removeBanner: boolean;
};

/** The first message of each top-level field (`brands.3` and `hours.saturday.to` mark the whole field). */
export function topLevelMessages(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(fields)) out[field.split(".")[0] ?? field] ??= message;
  return out;
}

/**
 * `POST dealership/{code}` (multipart: `dealership` JSON, optional `logo` and the banner cropped to a JPEG):
 * checks the form first (with the pictures' own problems, the page says what to fix and focuses the first
 * field), saves, and puts the answer in the dealer page's cache.
 */
export function useUpdateDealership(code: string, onSaved: (updated: PublicDealership) => void) {
  const queryClient = useQueryClient();
  const form = useApiForm({
    mutationFn: async ({ values, pictures }: { values: DealerPageForm; pictures: DealerPagePictures }) => {
      const body = new FormData();
      body.set("dealership", JSON.stringify(values));
      if (pictures.logo) body.set("logo", pictures.logo, pictures.logo.name);
      if (pictures.banner)
        body.set("banner", await renderBanner(pictures.banner.bitmap, pictures.banner.view), "pasica.jpg");
      return updateDealership(code, body, {
        removeLogo: pictures.removeLogo && !pictures.logo,
        removeBanner: pictures.removeBanner && !pictures.banner,
      });
    },
    onSuccess: (updated) => {
      queryClient.setQueryData(dealershipQueryOptions(code).queryKey, updated);
      onSaved(updated);
    },
    fallbackMessage: () => m.error_generic(),
    formErrorWithFields: true,
  });
  const save = (values: DealerPageForm, pictures: DealerPagePictures, pictureProblems: boolean) => {
    const parsed = dealerPageInputSchema.safeParse(values);
    const fields: Record<string, string> = {};
    // At its exact field (`hours.sun.from`), as the server answers; `brands.3` is read as `brands` by the page.
    if (!parsed.success)
      for (const issue of parsed.error.issues) fields[issue.path.map(String).join(".")] ??= issue.message;
    if (pictureProblems || Object.keys(fields).length) {
      form.setFieldErrors(fields);
      form.setFormError(m.dpage_fix_errors());
      form.focusInvalid();
      return Promise.resolve(undefined);
    }
    return form.submit({ values, pictures });
  };
  return { ...form, save };
}
