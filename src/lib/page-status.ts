import { createIsomorphicFn } from "@tanstack/react-start";

/** Sets the HTTP status of the server-rendered page (e.g. 410 for a sold car); nothing in the browser. */
export const setPageStatus = createIsomorphicFn()
  .server(async (status: number) => {
    const { setResponseStatus } = await import("@tanstack/react-start/server");
    setResponseStatus(status);
  })
  .client(async (_status: number) => undefined);
