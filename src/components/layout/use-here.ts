import { useRouterState } from "@tanstack/react-router";

/** The current page's path, query and hash: where a form posted before hydration comes back to. */
export const useHere = () => useRouterState({ select: (s) => s.location.href });
