import type { ReactNode } from "react";
import { FormError } from "~/components/ui/field";

/**
 * The confirmation pages' shared parts (sign-in link, social link, merge consent): the page shown when
 * there is nothing to answer, and the answer buttons under the write's message.
 */
export function NothingToAnswer({
  role,
  title,
  text,
  textClassName = "text-muted",
  action,
}: {
  role: "alert" | "status";
  title: string;
  text: string;
  textClassName?: string;
  action: ReactNode;
}) {
  return (
    <div className="space-y-4" role={role}>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className={textClassName}>{text}</p>
      {action}
    </div>
  );
}

/** The write's message, then the buttons (the first one grows). */
export function AnswerButtons({ error, children }: { error: string | null; children: ReactNode }) {
  return (
    <>
      <FormError message={error} />
      <div className="flex flex-wrap gap-2">{children}</div>
    </>
  );
}

/** "Yes" (primary, growing) or "no" (outline) of an answer; disabled while a write is under way. */
export function AnswerButton({
  kind,
  busy,
  onClick,
  className = "",
  children,
}: {
  kind: "confirm" | "decline";
  busy: boolean;
  onClick: () => void;
  className?: string;
  children: ReactNode;
}) {
  const look = kind === "confirm" ? "btn-primary flex-1 px-4 py-2.5" : "btn-outline px-4 py-2.5";
  return (
    <button type="button" className={`${look} ${className}`.trim()} disabled={busy} onClick={onClick}>
      {children}
    </button>
  );
}
