import { createFileRoute, Outlet } from "@tanstack/react-router";
import { NewPostLayout } from "~/components/layout/layouts";
import { AuthDialogs } from "~/features/auth/components/auth-dialogs";

/** The wizard's calm frame at full width: the preview of a posting before "Oddaj oglas" (decision 061). */
export const Route = createFileRoute("/_new-post-preview")({
  // The layout is in the entry chunk already (the root's error pages use it): not split, one request fewer.
  codeSplitGroupings: [],
  component: () => (
    <NewPostLayout wide dialogs={<AuthDialogs />}>
      <Outlet />
    </NewPostLayout>
  ),
});
