import { Link } from "@tanstack/react-router";
import { appConfig } from "~/app.config";
import { m } from "~/paraglide/messages";

export function Logo() {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-lg font-bold text-brand-700"
      aria-label={m.header_logo_label()}
    >
      <svg viewBox="0 0 64 64" width="32" height="32" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="currentColor" />
        <path
          d="M12 38l6-12c1-2 3-3 5-3h18c2 0 4 1 5 3l6 12v8a2 2 0 0 1-2 2h-4a2 2 0 0 1-2-2v-2H20v2a2 2 0 0 1-2 2h-4a2 2 0 0 1-2-2z"
          fill="#fff"
        />
      </svg>
      <span className="text-xl tracking-tight">{appConfig.name}</span>
    </Link>
  );
}
