import { QueryClient } from "@tanstack/react-query";
import { createMemoryHistory, createRootRoute, createRoute, createRouter } from "@tanstack/react-router";
import { describe, expect, it } from "vitest";
import { postIdParams } from "~/lib/route-params";
import { keepFirstRead, startFirstRead, takeFirstRead } from "./first-read";

// Decision 089: on a signed-in server render the root's beforeLoad starts the deepest route's `firstRead` before
// `me`. Played here with TanStack Router's own matching and loading, on the server, with the posting route's own
// params rule: which URLs may start the posting's read (a read counts a view and ships the posting in the page).

async function render(path: string) {
  const reads: string[] = [];
  const queryClient = new QueryClient();
  const root = createRootRoute({
    beforeLoad: ({ matches }) => {
      startFirstRead(matches, queryClient);
    },
  });
  const posting = createRoute({
    getParentRoute: () => root,
    path: "/oglas/$postId",
    params: postIdParams,
    staticData: {
      firstRead: ({ params }) => {
        reads.push(params.postId ?? "");
        return keepFirstRead(queryClient, `posting:${params.postId}`, Promise.resolve(params.postId));
      },
    },
    loader: ({ params }) => takeFirstRead(queryClient, `posting:${params.postId}`),
  });
  const router = createRouter({
    routeTree: root.addChildren([posting]),
    history: createMemoryHistory({ initialEntries: [path] }),
    isServer: true,
  });
  await router.load();
  const notFound = router.state.matches.some((m) => m.status === "notFound");
  return { reads, status: notFound ? 404 : 200 };
}

describe("the page's first read (decision 089)", () => {
  it("starts the posting's read for /oglas/{id}", async () => {
    expect(await render("/oglas/123")).toEqual({ reads: ["123"], status: 200 });
  });

  it("starts no posting read for a URL the posting route rejects (a code, not an id): the page is a 404", async () => {
    // The posting API answers a code as well as an id: a read started here counts a view of that posting for a
    // page that is a 404, and puts the posting's answer in the 404 page's query cache.
    const page = await render("/oglas/PABC123");
    expect(page.status).toBe(404);
    expect(page.reads).toEqual([]);
  });
});
