import { useEffect, useState } from "react";

/**
 * For a server-rendered part whose code is loaded lazily (decision 064, session 25): React hydrates it only once its
 * chunk has arrived, which can be after `<html data-hydrated>`; a tap on its buttons before that is lost. Spread the
 * answer on the part's root element: until the part's own effects have run it carries `data-js-pending`, and
 * src/styles/app.css keeps its JavaScript-only controls inactive, as the whole page's are before hydration.
 */
export function useJsPending(): { "data-js-pending"?: "" } {
  const [pending, setPending] = useState(true);
  useEffect(() => setPending(false), []);
  return pending ? { "data-js-pending": "" } : {};
}
