import { createFileRoute, Outlet } from "@tanstack/react-router";
import { DefaultLayout } from "~/components/layout/layouts";

export const Route = createFileRoute("/_default")({
  component: () => (
    <DefaultLayout>
      <Outlet />
    </DefaultLayout>
  ),
});
