import { createFileRoute, Outlet } from "@tanstack/react-router";
import { SearchDetailLayout } from "~/components/layout/layouts";
import { AuthDialogs } from "~/features/auth/components/auth-dialogs";

export const Route = createFileRoute("/_search-detail")({
  component: () => (
    <SearchDetailLayout dialogs={<AuthDialogs />}>
      <Outlet />
    </SearchDetailLayout>
  ),
});
