import { createSerializationAdapter } from "@tanstack/react-router";
import { ApiError, readErrorBody } from "./errors";

function parseErrorBody(text: string): ApiError["body"] {
  const parsed: unknown = JSON.parse(text);
  return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
    ? readErrorBody(Object.fromEntries(Object.entries(parsed)))
    : null;
}

/** ApiError through SSR with its statusCode and body (a loader's 403/404/410 stays that page after hydration). */
export const apiErrorAdapter = createSerializationAdapter({
  key: "avtotrg/ApiError",
  test: (value: unknown): value is ApiError => value instanceof ApiError,
  toSerializable: (e: ApiError) => ({
    message: e.message,
    statusCode: e.statusCode,
    body: e.body === null ? null : JSON.stringify(e.body),
  }),
  fromSerializable: (v: { message: string; statusCode: number; body: string | null }) =>
    new ApiError(v.message, v.statusCode, v.body === null ? null : parseErrorBody(v.body)),
});
