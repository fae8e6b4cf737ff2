import { type ChangeEvent, type RefObject, useRef, useState } from "react";
import { appConfig } from "~/app.config";
import { FieldFrame } from "~/components/ui/field";
import { StoreIcon } from "~/components/ui/icons";
import { type CropView, defaultCropView } from "~/domain/banner-crop";
import type { PublicDealership } from "~/domain/dealership";
import { m } from "~/paraglide/messages";
import type { DealerPagePictures } from "../use-update-dealership";
import { BannerCropper } from "./banner-cropper";

export const maxMegabytes = String(Math.round(appConfig.limits.fileSizeBytes / (1024 * 1024)));
const pictureTypes = "image/jpeg,image/png,image/webp";
const { width: bannerWidth, height: bannerHeight } = appConfig.images.dealershipBanner;
const fileInputClass =
  "block w-full text-sm text-muted file:mr-3 file:rounded-lg file:border file:border-line file:bg-white file:px-4 file:py-2 file:text-sm file:font-semibold file:text-ink hover:file:bg-surface";

/** A client-side first look at a chosen picture (the server checks the real bytes again). */
function pictureProblem(file: File): string | null {
  if (!pictureTypes.split(",").includes(file.type)) return m.dpage_file_type();
  if (file.size > appConfig.limits.fileSizeBytes) return m.dpage_file_too_large({ mb: maxMegabytes });
  return null;
}

type PictureKey = "logo" | "banner";

/**
 * The logo and banner chosen on the page, their own problems (type, size, unreadable) and the wish to take
 * the current ones off. `onProblem` tells the form that a picture's message is now the client's own.
 */
export function useDealerPictures(onProblem: (key: PictureKey) => void) {
  const logoInput = useRef<HTMLInputElement>(null);
  const bannerInput = useRef<HTMLInputElement>(null);
  const [logo, setLogo] = useState<{ file: File; url: string } | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);
  const [banner, setBanner] = useState<DealerPagePictures["banner"]>(null);
  const [removeBanner, setRemoveBanner] = useState(false);
  const [problems, setProblems] = useState<Partial<Record<PictureKey, string>>>({});

  const problem = (key: PictureKey, message: string | null) => {
    setProblems((p) => ({ ...p, [key]: message ?? undefined }));
    onProblem(key);
  };
  // Released by hand where they are replaced (an effect's cleanup would also run on StrictMode's rehearsal).
  const replaceLogo = (next: { file: File; url: string } | null) =>
    setLogo((prev) => {
      if (prev) URL.revokeObjectURL(prev.url);
      return next;
    });
  const replaceBanner = (next: DealerPagePictures["banner"]) =>
    setBanner((prev) => {
      if (prev && prev.bitmap !== next?.bitmap) prev.bitmap.close();
      return next;
    });
  const clearInput = (input: RefObject<HTMLInputElement | null>) => {
    if (input.current) input.current.value = "";
  };

  function chooseLogo(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (!file) return;
    const found = pictureProblem(file);
    problem("logo", found);
    if (found) {
      e.target.value = "";
      return;
    }
    replaceLogo({ file, url: URL.createObjectURL(file) });
    setRemoveLogo(false);
  }

  async function chooseBanner(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (!file) return;
    const found = pictureProblem(file);
    if (!found) {
      try {
        const bitmap = await createImageBitmap(file);
        replaceBanner({ bitmap, view: defaultCropView });
        setRemoveBanner(false);
        problem("banner", null);
        return;
      } catch {
        problem("banner", m.dpage_image_unreadable());
      }
    } else problem("banner", found);
    e.target.value = "";
  }

  return {
    logo,
    banner,
    removeLogo,
    removeBanner,
    problems,
    hasProblems: Boolean(problems.logo || problems.banner),
    /** What the save sends. */
    chosen: (): DealerPagePictures => ({ logo: logo?.file ?? null, banner, removeLogo, removeBanner }),
    logoInput,
    bannerInput,
    chooseLogo,
    chooseBanner,
    setRemoveLogo,
    setRemoveBanner,
    setBannerView: (view: CropView) => setBanner((b) => (b ? { ...b, view } : b)),
    undoLogo: () => {
      replaceLogo(null);
      clearInput(logoInput);
    },
    cancelBanner: () => {
      replaceBanner(null);
      clearInput(bannerInput);
    },
    /** After a save: the page shows the stored pictures again. */
    reset: () => {
      replaceLogo(null);
      setRemoveLogo(false);
      replaceBanner(null);
      setRemoveBanner(false);
      clearInput(logoInput);
      clearInput(bannerInput);
    },
  };
}

export type DealerPictures = ReturnType<typeof useDealerPictures>;

/** A picture's file input with its label, hint and error (the form helper focuses it when it is marked). */
function PictureInput({
  id,
  label,
  hint,
  error,
  inputRef,
  onChange,
}: {
  id: string;
  label: string;
  hint?: string;
  error: string | undefined;
  inputRef: RefObject<HTMLInputElement | null>;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      {(aria) => (
        <input
          {...aria}
          ref={inputRef}
          type="file"
          accept={pictureTypes}
          className={fileInputClass}
          onChange={onChange}
        />
      )}
    </FieldFrame>
  );
}

type PictureProps = {
  /** The file input's id (its label, hint and error hang on it). */
  id: string;
  dealer: PublicDealership;
  pictures: DealerPictures;
  error: string | undefined;
};

/** The banner: the current one (or none), the cropper for a new one, or the note that it will be removed. */
export function BannerPicture({ id, dealer, pictures, error }: PictureProps) {
  const { banner, removeBanner } = pictures;
  return (
    <>
      <p className="text-sm text-muted">
        {m.dpage_banner_hint({ width: String(bannerWidth), height: String(bannerHeight) })}
      </p>
      {banner ? (
        <BannerCropper bitmap={banner.bitmap} view={banner.view} onView={pictures.setBannerView} />
      ) : removeBanner ? (
        <p className="rounded-lg bg-surface p-3 text-sm" role="status">
          {m.dpage_banner_removing()}
        </p>
      ) : dealer.bannerUrl ? (
        <img
          src={dealer.bannerUrl}
          alt={m.dpage_banner_current()}
          width={bannerWidth}
          height={bannerHeight}
          className="aspect-[1440/500] w-full rounded-lg border border-line object-cover"
        />
      ) : (
        <p className="text-sm text-muted">{m.dpage_banner_none()}</p>
      )}
      <PictureInput
        id={id}
        label={m.dpage_banner_choose()}
        error={error}
        inputRef={pictures.bannerInput}
        onChange={(e) => void pictures.chooseBanner(e)}
      />
      <div className="flex flex-wrap gap-2">
        {banner ? (
          <button type="button" className="btn-outline" onClick={pictures.cancelBanner}>
            {m.dpage_crop_cancel()}
          </button>
        ) : null}
        {!banner && dealer.bannerUrl && !removeBanner ? (
          <button type="button" className="btn-outline" onClick={() => pictures.setRemoveBanner(true)}>
            {m.dpage_banner_remove()}
          </button>
        ) : null}
        {!banner && removeBanner ? (
          <button type="button" className="btn-outline" onClick={() => pictures.setRemoveBanner(false)}>
            {m.dpage_undo()}
          </button>
        ) : null}
      </div>
    </>
  );
}

/** The logo: its preview (new, current or a placeholder), the file input, and remove or undo. */
export function LogoPicture({ id, dealer, pictures, error }: PictureProps) {
  const { logo, removeLogo } = pictures;
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <div className="grid size-28 shrink-0 place-items-center overflow-hidden rounded-xl border border-line bg-white">
        {logo ? (
          <img src={logo.url} alt={m.dpage_logo_new()} className="size-full object-contain" />
        ) : dealer.logoUrl && !removeLogo ? (
          <img src={dealer.logoUrl} alt={m.dpage_logo_current()} className="size-full object-contain" />
        ) : (
          <StoreIcon width={48} height={48} className="text-muted" aria-hidden="true" />
        )}
      </div>
      <div className="min-w-0 flex-1 space-y-3">
        {logo ? <p className="text-sm font-medium">{m.dpage_logo_new()}</p> : null}
        {removeLogo ? (
          <p className="rounded-lg bg-surface p-3 text-sm" role="status">
            {m.dpage_logo_removing()}
          </p>
        ) : null}
        {!logo && !removeLogo && !dealer.logoUrl ? <p className="text-sm text-muted">{m.dpage_logo_none()}</p> : null}
        <PictureInput
          id={id}
          label={m.dpage_logo_choose()}
          hint={m.dpage_logo_hint({ mb: maxMegabytes })}
          error={error}
          inputRef={pictures.logoInput}
          onChange={pictures.chooseLogo}
        />
        <div className="flex flex-wrap gap-2">
          {logo ? (
            <button type="button" className="btn-outline" onClick={pictures.undoLogo}>
              {m.dpage_undo()}
            </button>
          ) : dealer.logoUrl && !removeLogo ? (
            <button type="button" className="btn-outline" onClick={() => pictures.setRemoveLogo(true)}>
              {m.dpage_logo_remove()}
            </button>
          ) : removeLogo ? (
            <button type="button" className="btn-outline" onClick={() => pictures.setRemoveLogo(false)}>
              {m.dpage_undo()}
            </button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
