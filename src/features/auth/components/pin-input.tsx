import { useRef, useState } from "react";
import { m } from "~/paraglide/messages";

/**
 * Five one-digit boxes (spec section 5): digits only, Backspace/Delete clears a digit, Tab types
 * nothing (it still moves focus), and the code is emitted once all five are filled.
 */
export function PinInput({ disabled, onComplete }: { disabled?: boolean; onComplete: (pin: string) => void }) {
  const [digits, setDigits] = useState<string[]>(["", "", "", "", ""]);
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const setAt = (i: number, value: string) => {
    const next = [...digits];
    next[i] = value;
    setDigits(next);
    if (next.every((d) => d !== "")) {
      onComplete(next.join(""));
      // Cleared at once so a wrong code can be typed again from the first box.
      setDigits(["", "", "", "", ""]);
      refs.current[0]?.focus();
    }
  };
  return (
    <fieldset className="flex gap-2" disabled={disabled}>
      <legend className="field-label">{m.phone_login_pin_label()}</legend>
      {digits.map((d, i) => (
        <input
          key={i}
          ref={(el) => {
            refs.current[i] = el;
          }}
          aria-label={m.phone_login_pin_digit({ n: String(i + 1) })}
          inputMode="numeric"
          autoComplete={i === 0 ? "one-time-code" : "off"}
          maxLength={1}
          className="field-input w-12 text-center text-xl font-semibold tabular-nums"
          value={d}
          onChange={(e) => {
            const typed = e.target.value.replace(/\D/g, "");
            if (typed.length > 1) {
              // A pasted code fills the boxes from here on.
              const next = [...digits];
              for (let k = 0; k < typed.length && i + k < 5; k++) next[i + k] = typed[k] ?? "";
              setDigits(next);
              if (next.every((x) => x !== "")) {
                onComplete(next.join(""));
                setDigits(["", "", "", "", ""]);
              }
              return;
            }
            if (typed === "") return;
            setAt(i, typed);
            refs.current[i + 1]?.focus();
          }}
          onKeyDown={(e) => {
            if (e.key === "Backspace" || e.key === "Delete") {
              e.preventDefault();
              if (d) setAt(i, "");
              else if (e.key === "Backspace" && i > 0) {
                setAt(i - 1, "");
                refs.current[i - 1]?.focus();
              }
            }
          }}
        />
      ))}
    </fieldset>
  );
}
