import { useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { ApiError } from "~/client/errors";
import { api } from "~/lib/api/api";
import { m } from "~/paraglide/messages";

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
  const queryClient = useQueryClient();
  const [name, setName] = useState(suggestedName);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
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
          setError(null);
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
          className="space-y-4 p-5"
          onSubmit={async (e) => {
            e.preventDefault();
            try {
              await api.saveSearch({ name, query });
              await queryClient.invalidateQueries({ queryKey: ["saved-searches"] });
              dialog.current?.close();
              setDone(true);
            } catch (err) {
              setError(err instanceof ApiError ? err.firstMessage : m.error_generic());
            }
          }}
        >
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {m.saved_dialog_title()}
          </h2>
          <div>
            <label className="field-label" htmlFor={`${id}-name`}>
              {m.saved_name()}
            </label>
            <input
              id={`${id}-name`}
              className="field-input"
              value={name}
              maxLength={80}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={error ? true : undefined}
            />
            {error ? <p className="mt-1 text-sm text-danger">{error}</p> : null}
          </div>
          <p className="text-sm text-muted">{m.saved_alerts_note()}</p>
          <div className="flex justify-end gap-2">
            <button type="button" className="btn-ghost" onClick={() => dialog.current?.close()}>
              {m.saved_cancel()}
            </button>
            <button type="submit" className="btn-primary">
              {m.saved_confirm()}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
