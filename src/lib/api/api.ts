import { createApiClient } from "./client";
import { getApiTransport } from "~/client/transport";

/** The API client for whichever side this runs on (in-process on the server, fetch in the browser). */
export const api = createApiClient((path, init) => getApiTransport()(path, init));
