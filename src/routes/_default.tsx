import { createFileRoute, Outlet } from "@tanstack/react-router";
import { DefaultLayout } from "~/components/layout/layouts";
import { AuthDialogs } from "~/features/auth/components/auth-dialogs";

export const Route = createFileRoute("/_default")({
  component: () => (
    <DefaultLayout dialogs={<AuthDialogs />}>
      <Outlet />
    </DefaultLayout>
  ),
});
