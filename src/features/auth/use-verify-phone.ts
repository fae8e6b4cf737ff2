import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { ApiError } from "~/client/errors";
import { m } from "~/paraglide/messages";
import { meQueryOptions } from "~/client/use-session";
import { useSmsCode } from "./use-sms-code";

/** The verify-phone dialog's writes: `POST me/phone` sends the code, `POST me/phone/verify` confirms it and updates the profile. */
export function useVerifyPhone() {
  const queryClient = useQueryClient();
  const [done, setDone] = useState(false);
  const sms = useSmsCode({
    send: (phoneNumber) => data(api.me.phone.$post({ json: { phoneNumber } })),
    sendError: (e) => (e instanceof ApiError ? e.message : m.phone_login_sms_failed()),
    check: async (input) => {
      const me = await data(api.me.phone.verify.$post({ json: input }));
      queryClient.setQueryData(meQueryOptions().queryKey, me);
      setDone(true);
    },
    checkError: (e) => (e instanceof ApiError ? e.message : m.error_generic()),
  });
  return { ...sms, done };
}
