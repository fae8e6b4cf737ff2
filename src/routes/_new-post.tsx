import { createFileRoute, Outlet } from "@tanstack/react-router";
import { NewPostLayout } from "~/components/layout/layouts";

export const Route = createFileRoute("/_new-post")({
  component: () => (
    <NewPostLayout>
      <Outlet />
    </NewPostLayout>
  ),
});
