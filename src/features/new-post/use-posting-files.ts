import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import type { DraftView } from "~/contracts/drafts";
import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { toApiError } from "~/client/errors";
import { useApiForm } from "~/client/use-api-form";
import type { InspectionDocumentType } from "~/domain/enums/posting";
import type { PostingFile } from "~/domain/posting-detail";
import { m } from "~/paraglide/messages";
import { draftQueryOptions } from "./wizard";

export type UploadInput = {
  fileType: string;
  blob: Blob;
  name: string;
  documentType?: InspectionDocumentType;
  onProgress: (p: number) => void;
};

/** One upload with progress (fetch has no upload progress, XHR does) to the path the client derives. */
function upload(code: string, { fileType, blob, name, documentType, onProgress }: UploadInput): Promise<PostingFile> {
  const { pathname } = api.posting[":code"].file.$url({ param: { code } });
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append("metaData", JSON.stringify(documentType ? { fileType, documentType } : { fileType }));
    form.append("fileContent", blob, name);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", pathname);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve(JSON.parse(xhr.responseText) as PostingFile);
      // Multipart failures: fieldErrors[0], else errors[0], else the unknown-error text (spec section 8).
      void toApiError(new Response(xhr.responseText || null, { status: xhr.status })).then((e) =>
        reject(new Error(e.firstMessage)),
      );
    };
    xhr.onerror = () => reject(new Error(m.error_connection()));
    xhr.send(form);
  });
}

export type DocumentEdit = { url: string; documentType?: InspectionDocumentType; documentDate?: string | null };

/**
 * The writes on `posting/{code}/file(s)` of the photo manager and the documents: uploads (several at once, each
 * with its progress, so a plain mutation), delete (`onFailed` when refused; `keepalive` lets it finish while the
 * page is left), the order (the latest order wins: one is sent after another, never dropped), the cover and a
 * document's type and date. The draft reloads after each.
 */
export function usePostingFiles(postId: string, code: string, onFailed: (message: string) => void) {
  const queryClient = useQueryClient();
  const { queryKey } = draftQueryOptions(postId);
  const refresh = () => queryClient.invalidateQueries({ queryKey });
  const uploadFile = useMutation({ mutationFn: (input: UploadInput) => upload(code, input) });
  const failed = (message: string) => async () => {
    onFailed(message);
    await refresh();
  };
  const remove = useApiForm({
    mutationFn: (url: string) =>
      data(api.posting[":code"].file.$delete({ param: { code }, json: { url } }, { init: { keepalive: true } })),
    onSuccess: refresh,
    onError: failed(m.pictures_delete_failed()),
  });
  const reorder = useApiForm({
    // keepalive: a reload or a step left right after a move still delivers it.
    mutationFn: (urls: string[]) =>
      data(api.posting[":code"].files.order.$post({ param: { code }, json: { urls } }, { init: { keepalive: true } })),
    onSuccess: refresh,
    onError: failed(m.pictures_order_failed()),
  });
  const cover = useApiForm({
    mutationFn: (url: string) =>
      data(api.posting[":code"].files.cover.$post({ param: { code }, json: { url } }, { init: { keepalive: true } })),
    onSuccess: refresh,
    onError: failed(m.pictures_order_failed()),
  });
  const editDocument = useApiForm({
    mutationFn: (edit: DocumentEdit) => data(api.posting[":code"].file.$patch({ param: { code }, json: edit })),
    onSuccess: refresh,
  });
  // The latest order wins: a move while one is being saved is sent right after it, never dropped.
  const queued = useRef<string[] | null>(null);
  const saving = useRef<Promise<void> | null>(null);
  async function saveOrder(urls: string[]) {
    queued.current = urls;
    if (saving.current) return saving.current;
    saving.current = (async () => {
      for (let next = queued.current; next; next = queued.current) {
        queued.current = null;
        await reorder.submit(next);
      }
    })().finally(() => {
      saving.current = null;
    });
    return saving.current;
  }
  return {
    upload: (input: UploadInput) => uploadFile.mutateAsync(input),
    refresh,
    /** The draft as the server has it now (after `refresh`). */
    current: () => queryClient.getQueryData<DraftView>(queryKey),
    remove: (url: string) => remove.submit(url),
    reorder: saveOrder,
    cover: (url: string) => cover.submit(url),
    editDocument,
  };
}
