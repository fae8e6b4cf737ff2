import { describe, expect, it } from "vitest";
import { serializeJsonLd } from "./json-ld";

describe("serializeJsonLd", () => {
  const hostile = { name: `Golf</script><script>alert(1)</script><!-- & "x" \u2028` };

  it("never lets user text close the script element or open a comment", () => {
    const out = serializeJsonLd(hostile);
    expect(out).not.toMatch(/<\/script/i);
    expect(out).not.toContain("<!--");
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
  });

  it("is still the same JSON", () => {
    expect(JSON.parse(serializeJsonLd(hostile))).toEqual(hostile);
  });
});
