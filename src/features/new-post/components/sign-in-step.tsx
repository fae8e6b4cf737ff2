import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type ComponentType, type ReactNode, useState } from "react";
import type { Me } from "~/domain/user";
import { ApiError } from "~/client/errors";
import { m } from "~/paraglide/messages";
import { useClaimDraftSelection } from "../use-claim-draft-selection";
import { draftQueryOptions, draftSelectionQueryOptions } from "../wizard";

type Vehicle = {
  manufacturerName: string | null;
  modelName: string | null;
  trimName: string | null;
  vin: string | null;
};

/** What was chosen in step 1, so the seller sees the wizard goes on with their car. */
function ChosenVehicle({ vehicle }: { vehicle: Vehicle }) {
  const name = [vehicle.manufacturerName, vehicle.modelName, vehicle.trimName].filter(Boolean).join(" ");
  return (
    <div className="rounded-lg bg-brand-50 p-3 text-sm" data-testid="chosen-vehicle">
      <p className="font-semibold">{m.wizard_chosen_vehicle()}</p>
      {name ? <p data-testid="chosen-vehicle-name">{name}</p> : null}
      {vehicle.vin ? <p className="font-mono">{m.wizard_chosen_vin({ vin: vehicle.vin })}</p> : null}
    </div>
  );
}

function NoVehicle({ message }: { message: string }) {
  return (
    <div className="card space-y-3 p-4">
      <p role="alert">{message}</p>
      <Link to="/nov-oglas" className="btn-primary inline-block">
        {m.wizard_choose_vehicle()}
      </Link>
    </div>
  );
}

/**
 * The sign-in step (spec section 2). Signed out: the choice from step 1 (kept on the server, decision
 * 046) and the login, which returns here with the choice's token. Signed in: the choice becomes the
 * seller's draft; with a validated phone the step drops out (straight to the vehicle details), without
 * one the seller may confirm a number or go on, and "Naprej" leads to the draft's vehicle details.
 * The route puts in the auth feature's parts: `loginPanel` (returning here) and `PhoneDialog`.
 */
export function SignInStep({
  me,
  selection,
  draftId,
  loginPanel,
  PhoneDialog,
}: {
  me: Me | null;
  selection: string | null;
  draftId: number | null;
  loginPanel: ReactNode;
  PhoneDialog: PhoneDialogComponent;
}) {
  if (!me) return <SignedOut selection={selection} loginPanel={loginPanel} />;
  if (draftId !== null) return <PhoneOrNext draftId={draftId} PhoneDialog={PhoneDialog} />;
  if (selection) return <Claim me={me} selection={selection} />;
  return <NoVehicle message={m.wizard_no_vehicle()} />;
}

/** The dialog that confirms a phone number. */
type PhoneDialogComponent = ComponentType<{ open: boolean; onClose: () => void }>;

function SignedOut({ selection, loginPanel }: { selection: string | null; loginPanel: ReactNode }) {
  const chosen = useQuery(draftSelectionQueryOptions(selection));
  if (selection && chosen.isError)
    return <NoVehicle message={chosen.error instanceof ApiError ? chosen.error.firstMessage : m.error_generic()} />;
  return (
    <div className="card space-y-4 p-4">
      {chosen.data ? <ChosenVehicle vehicle={chosen.data} /> : null}
      <p className="text-muted">{m.wizard_sign_in_intro()}</p>
      {loginPanel}
    </div>
  );
}

/** Signed in with a choice made before: its draft, once (a reload finds the same draft). */
function Claim({ me, selection }: { me: Me; selection: string }) {
  const error = useClaimDraftSelection(me, selection);
  if (error) return <NoVehicle message={error} />;
  return (
    <p role="status" className="card p-4">
      {m.wizard_claiming()}
    </p>
  );
}

/** Signed in without a validated phone: confirm a number or go on to the draft's vehicle details. */
function PhoneOrNext({ draftId, PhoneDialog }: { draftId: number; PhoneDialog: PhoneDialogComponent }) {
  const [phoneOpen, setPhoneOpen] = useState(false);
  const draft = useQuery({ ...draftQueryOptions(String(draftId)), retry: false });
  if (draft.isError)
    return <NoVehicle message={draft.error instanceof ApiError ? draft.error.firstMessage : m.error_generic()} />;
  return (
    <div className="card space-y-3 p-4">
      {draft.data ? <ChosenVehicle vehicle={draft.data} /> : null}
      <p>{m.wizard_sign_in_phone()}</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-outline" onClick={() => setPhoneOpen(true)}>
          {m.verify_phone_open()}
        </button>
        <Link
          to="/nov-oglas/$postId/karakteristike-in-oprema"
          params={{ postId: String(draftId) }}
          className="btn-primary"
        >
          {m.wizard_next()}
        </Link>
      </div>
      <PhoneDialog open={phoneOpen} onClose={() => setPhoneOpen(false)} />
    </div>
  );
}
