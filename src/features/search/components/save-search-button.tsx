import { useId, useRef, useState } from "react";
import { appConfig } from "~/app.config";
import { Field, SubmitButton } from "~/components/ui/field";
import { m } from "~/paraglide/messages";
import { useSaveSearch } from "../search.mutations";

/**
 * "Shrani iskanje": a small modal dialog asking for a name. Signed-out visitors go to sign-in
 * and come back to the same results.
 */
export function SaveSearchButton({
  query,
  suggestedName,
  signedIn,
  loginHref,
}: {
  query: string;
  suggestedName: string;
  signedIn: boolean;
  loginHref: string;
}) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [name, setName] = useState(suggestedName);
  const [done, setDone] = useState(false);
  const save = useSaveSearch(() => {
    dialog.current?.close();
    setDone(true);
  });
  if (!signedIn)
    return (
      <a href={loginHref} className="btn-outline">
        {m.saved_save()}
      </a>
    );
  return (
    <>
      <button
        type="button"
        className="btn-outline"
        aria-haspopup="dialog"
        onClick={() => {
          setName(suggestedName);
          save.reset();
          setDone(false);
          dialog.current?.showModal();
        }}
      >
        {m.saved_save()}
      </button>
      {done ? (
        <span role="status" className="text-sm font-medium text-brand-700">
          {m.saved_done()}{" "}
          <a className="underline" href="/uporabnik/shranjena-iskanja">
            {m.saved_list_link()}
          </a>
        </span>
      ) : null}
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        className="m-auto w-[min(28rem,92vw)] rounded-xl p-0 shadow-xl backdrop:bg-black/40"
      >
        <form
          ref={save.formRef}
          className="space-y-4 p-5"
          onSubmit={(e) => {
            e.preventDefault();
            void save.submit({ name, query });
          }}
        >
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {m.saved_dialog_title()}
          </h2>
          <Field
            id={`${id}-name`}
            label={m.saved_name()}
            value={name}
            maxLength={appConfig.limits.savedSearchName}
            onChange={setName}
            error={save.fieldErrors.name ?? save.formError}
          />
          <p className="text-sm text-muted">{m.saved_alerts_note()}</p>
          <div className="flex justify-end gap-2">
            <button type="button" className="btn-ghost" onClick={() => dialog.current?.close()}>
              {m.saved_cancel()}
            </button>
            <SubmitButton busy={save.busy}>{m.saved_confirm()}</SubmitButton>
          </div>
        </form>
      </dialog>
    </>
  );
}
