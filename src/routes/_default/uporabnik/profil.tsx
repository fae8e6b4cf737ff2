import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { requireRegistered } from "~/client/route-guards";
import { safeReturnPath } from "~/domain/return-path";
import { ProfileForm } from "~/features/auth/components/profile-form";
import { VerifyPhoneDialog } from "~/features/auth/components/verify-phone-dialog";
import { useMe } from "~/client/use-session";
import { pageTitle } from "~/lib/page-title";
import { toRawSearch } from "~/lib/search-params";
import { m } from "~/paraglide/messages";

export const Route = createFileRoute("/_default/uporabnik/profil")({
  beforeLoad: requireRegistered,
  head: () => ({ meta: [{ title: pageTitle(m.profile_title()) }, { name: "robots", content: "noindex" }] }),
  validateSearch: (search: Record<string, unknown>) => toRawSearch(search),
  component: function Profile() {
    const me = useMe();
    const search = Route.useSearch();
    const navigate = useNavigate({ from: "/uporabnik/profil" });
    // The header and sidebar prompts link here with verifyPhone=1; the dialog opens by itself.
    const [phoneOpen, setPhoneOpen] = useState(search.verifyPhone === "1");
    // Where the page was opened from (?redirectUrl=): success and cancel go back there; without one, success keeps the page.
    const back = typeof search.redirectUrl === "string" ? safeReturnPath(search.redirectUrl) : null;
    if (!me) return null;
    return (
      <div className="card mx-auto max-w-xl space-y-6 p-6">
        <h1 className="text-2xl font-bold">{m.profile_title()}</h1>
        <ProfileForm
          me={me}
          showTitleAndMessage={false}
          termsLocked
          onSuccess={() => (back ? void navigate({ href: back }) : undefined)}
          onCancel={() => void navigate({ href: back ?? "/" })}
        />
        <div className="border-t border-line pt-4">
          {me.phoneNumber && me.registrationStatus !== "MISSINGPHONE" ? (
            <p className="mb-2 text-sm text-muted">{m.verify_phone_current({ number: me.phoneNumber })}</p>
          ) : null}
          <button type="button" className="btn-outline" onClick={() => setPhoneOpen(true)}>
            {m.verify_phone_open()}
          </button>
        </div>
        <VerifyPhoneDialog
          open={phoneOpen}
          onClose={() => {
            setPhoneOpen(false);
            if (search.verifyPhone) void navigate({ search: {}, replace: true });
          }}
        />
      </div>
    );
  },
});
