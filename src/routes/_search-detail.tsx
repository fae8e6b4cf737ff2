import { createFileRoute, Outlet } from "@tanstack/react-router";
import { SearchDetailLayout } from "~/components/layout/layouts";
import { AuthDialogs } from "~/features/auth/components/auth-dialogs";

export const Route = createFileRoute("/_search-detail")({
  // The layout is in the entry chunk already (the root's error pages use it): not split, one request fewer.
  codeSplitGroupings: [],
  component: () => (
    <SearchDetailLayout dialogs={<AuthDialogs />}>
      <Outlet />
    </SearchDetailLayout>
  ),
});
