import { createFileRoute, Outlet } from "@tanstack/react-router";
import { PostLayout } from "~/components/layout/layouts";
import { AuthDialogs } from "~/features/auth/components/auth-dialogs";

export const Route = createFileRoute("/_post")({
  // The layout is in the entry chunk already (the root's error pages use it): not split, one request fewer.
  codeSplitGroupings: [],
  component: () => (
    <PostLayout dialogs={<AuthDialogs />}>
      <Outlet />
    </PostLayout>
  ),
});
