/** Host of requests the SSR pages make to the embedded API in-process (no network hop). */
export const inProcessHost = "internal.avtotrg";
