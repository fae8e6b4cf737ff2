import { notFound } from "@tanstack/react-router";

/** `$postId` route params: digits only, anything else is a 404 before any loading. */
export const postIdParams = {
  parse: (p: { postId: string }) => {
    if (!/^\d{1,12}$/.test(p.postId)) throw notFound();
    return { postId: p.postId };
  },
  stringify: (p: { postId: string }) => p,
};
