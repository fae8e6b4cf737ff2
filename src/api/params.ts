import { z } from "~/domain/zod-locale";

/** `{code}` of a posting in a path, shared by the files of routes/postings/. */
export const postingCodeParam = z.object({
  code: z.string().regex(/^[A-Za-z0-9-]{1,40}$/, "Neveljavna oznaka oglasa."),
});
