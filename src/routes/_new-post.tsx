import { createFileRoute, Outlet } from "@tanstack/react-router";
import { NewPostLayout } from "~/components/layout/layouts";
import { AuthDialogs } from "~/features/auth/components/auth-dialogs";

export const Route = createFileRoute("/_new-post")({
  component: () => (
    <NewPostLayout dialogs={<AuthDialogs />}>
      <Outlet />
    </NewPostLayout>
  ),
});
