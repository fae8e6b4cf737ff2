import { appConfig } from "~/app.config";
import type { DraftView } from "~/contracts/drafts";
import { m } from "~/paraglide/messages";
import { DocumentManager } from "./document-manager";
import { FieldInput } from "./field-input";
import { PhotoManager } from "./photo-manager";
import { StepForm, StepMessage } from "./step-form";
import { useDraftSave } from "./use-draft-save";

/** Photos (order, cover, remove with undo) and documents (type and date) by section, each saved at once; the 360° link. */
export function PicturesStep({ draft, nextHref }: { draft: DraftView; nextHref: string }) {
  const { save, saveAndGo, errors, message, formRef } = useDraftSave(String(draft.id), draft.code);
  const exteriorCount = draft.pictures.filter((p) => p.fileType === "EXTERIOR_PICTURE").length;
  return (
    <StepForm formRef={formRef} onSubmit={() => void saveAndGo({ wizardStep: "advertising" }, nextHref)}>
      <header>
        <h1 className="text-2xl font-bold">{m.pictures_title()}</h1>
        <p className="text-muted">{m.pictures_intro({ max: String(appConfig.limits.filesPerPosting) })}</p>
      </header>
      {exteriorCount < appConfig.limits.recommendedExteriorPhotos ? (
        <p className="rounded-lg bg-accent-500/15 p-3 text-sm">{m.pictures_recommend()}</p>
      ) : null}
      <StepMessage message={message} />
      <PhotoManager draft={draft} />
      <DocumentManager draft={draft} />
      <div className="card p-4">
        <FieldInput
          def={{ name: "view360Url", kind: "url", label: m.pictures_360 }}
          value={draft.view360Url}
          error={errors.view360Url ?? null}
          onCommit={(v) => void save({ view360Url: v as string | null })}
        />
      </div>
    </StepForm>
  );
}
