import { type ApiRoot, createApiClient } from "./api-client";
import { getApiTransport } from "./transport";

/** The client for whichever side this runs on (in-process on the server, fetch in the browser). */
export const apiRoot: ApiRoot = createApiClient((path, init) => getApiTransport()(path, init));

/** The internal API (`/internal-api/v1/…`). */
export const api = apiRoot["internal-api"].v1;
