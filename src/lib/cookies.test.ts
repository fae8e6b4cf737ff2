import { describe, expect, it } from "vitest";
import { mayHaveSession } from "./cookies";

describe("whether a server render may have a signed-in visitor", () => {
  it("sees the session cookie under both names, and nothing else", () => {
    expect(mayHaveSession("a=1; avtotrg_session=abc; b=2", "avtotrg_session")).toBe(true);
    expect(mayHaveSession("__Host-avtotrg_session=abc", "avtotrg_session")).toBe(true);
    expect(mayHaveSession("", "avtotrg_session")).toBe(false);
    expect(mayHaveSession("avtotrg_consent=1; avtotrg_d1b=x", "avtotrg_session")).toBe(false);
    // The admin's waiting token alone (not impersonating any more) is not a session, nor is a look-alike.
    expect(mayHaveSession("avtotrg_session_admin=abc; xavtotrg_session=1", "avtotrg_session")).toBe(false);
  });
});
