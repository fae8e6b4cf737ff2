import { createFileRoute, Outlet } from "@tanstack/react-router";
import { PostLayout } from "~/components/layout/layouts";

export const Route = createFileRoute("/_post")({
  component: () => (
    <PostLayout>
      <Outlet />
    </PostLayout>
  ),
});
