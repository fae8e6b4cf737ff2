import { createFileRoute, Outlet } from "@tanstack/react-router";
import { PostLayout } from "~/components/layout/layouts";
import { AuthDialogs } from "~/features/auth/components/auth-dialogs";

export const Route = createFileRoute("/_post")({
  component: () => (
    <PostLayout dialogs={<AuthDialogs />}>
      <Outlet />
    </PostLayout>
  ),
});
