import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { favouriteIntentCode, favouriteIntentCookie, favouriteIntentParam } from "~/domain/favourite-intent";
import { cookieValue } from "~/lib/cookies";
import type { Me } from "~/domain/user";
import { api } from "./api";
import { data } from "./api-client";
import { forgetLocalFavourites, setLocalFavourite, useLocalFavourites } from "./local-favourites";
import { useApiForm } from "./use-api-form";
import { meQueryOptions, useMe } from "./use-session";

/**
 * Run once per page by the shell (decision 067). A page opened with `?priljubi=CODE` (the heart tapped signed
 * out before the page was interactive, then signed in) keeps that posting, when the heart's form post left its
 * cookie naming the same car, and drops the parameter. Whenever a
 * signed-in user has favourites kept in this browser, whichever way they signed in, they are merged into the
 * account and forgotten here.
 */
export function useMergeLocalFavourites() {
  const me = useMe();
  const local = useLocalFavourites();
  const router = useRouter();
  const queryClient = useQueryClient();
  const merge = useApiForm({
    mutationFn: (codes: readonly string[]) => data(api.favorites.merge.$post({ json: { codes: [...codes] } })),
    invalidates: [["favorites"]],
    onSuccess: (answer, codes) => {
      forgetLocalFavourites(codes);
      queryClient.setQueryData(meQueryOptions().queryKey, (prev: Me | null | undefined) =>
        prev ? { ...prev, likedPostings: answer.likedPostings } : prev,
      );
    },
  });

  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has(favouriteIntentParam)) return;
    const code = favouriteIntentCode(url.searchParams.get(favouriteIntentParam));
    url.searchParams.delete(favouriteIntentParam);
    // Only the heart's own form post vouches for the intent (its cookie names the same car); used once.
    if (code && cookieValue(document.cookie, favouriteIntentCookie) === code) setLocalFavourite(code, true);
    document.cookie = `${favouriteIntentCookie}=; Max-Age=0; Path=/; SameSite=Lax`;
    router.history.replace(`${url.pathname}${url.search}${url.hash}`);
  }, [router]);

  const signedIn = me !== null;
  const pending = local.join(",");
  // One attempt per list: a refused merge is not repeated on every render.
  const tried = useRef("");
  useEffect(() => {
    if (!signedIn || !pending || tried.current === pending) return;
    tried.current = pending;
    void merge.submit(pending.split(","));
  }, [signedIn, pending, merge.submit]);
}
