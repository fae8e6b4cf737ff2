import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { toApiError } from "~/client/errors";
import { useApiForm } from "~/client/use-api-form";
import { m } from "~/paraglide/messages";
import { draftQueryOptions } from "./wizard";

type UploadInput = { fileType: string; blob: Blob; name: string; onProgress: (p: number) => void };

/** One upload with progress (fetch has no upload progress, XHR does) to the path the client derives. */
function upload(code: string, { fileType, blob, name, onProgress }: UploadInput): Promise<void> {
  const { pathname } = api.posting[":code"].file.$url({ param: { code } });
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append("metaData", JSON.stringify({ fileType }));
    form.append("fileContent", blob, name);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", pathname);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      // Multipart failures: fieldErrors[0], else errors[0], else the unknown-error text (spec section 8).
      void toApiError(new Response(xhr.responseText || null, { status: xhr.status })).then((e) =>
        reject(new Error(e.firstMessage)),
      );
    };
    xhr.onerror = () => reject(new Error(m.error_connection()));
    xhr.send(form);
  });
}

/**
 * The pictures step's writes on `posting/{code}/file(s)`: uploads (several at once, each with its
 * progress, so a plain mutation), delete (`onDeleteFailed` when refused) and reorder; the draft reloads
 * after each.
 */
export function usePostingFiles(postId: string, code: string, onDeleteFailed: () => void) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: draftQueryOptions(postId).queryKey });
  const uploadFile = useMutation({ mutationFn: (input: UploadInput) => upload(code, input) });
  const remove = useApiForm({
    mutationFn: (url: string) => data(api.posting[":code"].file.$delete({ param: { code }, json: { url } })),
    onSuccess: refresh,
    onError: async () => {
      onDeleteFailed();
      await refresh();
    },
  });
  const reorder = useApiForm({
    mutationFn: (urls: string[]) =>
      data(api.posting[":code"].files.order.$post({ param: { code }, json: { urls } })).catch(() => undefined),
    onSuccess: refresh,
  });
  return {
    upload: (input: UploadInput) => uploadFile.mutateAsync(input),
    refresh,
    remove: (url: string) => remove.submit(url),
    reorder: (urls: string[]) => reorder.submit(urls),
  };
}
