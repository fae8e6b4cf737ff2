import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { HeartIcon } from "~/components/ui/icons";
import type { Me } from "~/domain/user";
import { meQueryOptions } from "~/client/use-session";
import { useMe } from "~/client/use-session";
import { api } from "~/lib/api/api";
import { m } from "~/paraglide/messages";

/** Heart toggle for signed-in users; the local liked list changes only when the server answers 201 or 204. */
export function FavouriteButton({ postId, code, title }: { postId: number; code: string; title: string }) {
  const me = useMe();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (!me) return null;
  const liked = me.likedPostings.includes(postId);
  const toggle = async () => {
    setBusy(true);
    try {
      const status = await api.setFavorite(code, !liked);
      if (status === 201 || status === 204) {
        queryClient.setQueryData(meQueryOptions().queryKey, (prev: Me | null | undefined) =>
          prev
            ? {
                ...prev,
                likedPostings: liked
                  ? prev.likedPostings.filter((id) => id !== postId)
                  : [...prev.likedPostings, postId],
              }
            : prev,
        );
      }
    } catch {
      // Nothing changes locally when the server refuses; the heart keeps its state.
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={`relative z-10 grid size-10 place-items-center rounded-full bg-white/90 shadow-sm transition hover:scale-105 ${liked ? "text-danger" : "text-ink"}`}
      aria-pressed={liked}
      aria-label={liked ? m.favourite_remove({ title }) : m.favourite_add({ title })}
      disabled={busy}
      onClick={() => void toggle()}
    >
      <HeartIcon fill={liked ? "currentColor" : "none"} />
    </button>
  );
}
