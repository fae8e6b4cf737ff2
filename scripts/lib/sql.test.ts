import { describe, expect, it } from "vitest";
import { carSvg } from "./car-svg";
import { createRandom, insertStatements, lit } from "./sql";

describe("seed SQL helpers", () => {
  it("escapes literals so Slovenian text with quotes survives", () => {
    expect(lit("Avtohiša O'Brien")).toBe("'Avtohiša O''Brien'");
    expect(lit(null)).toBe("NULL");
    expect(lit(true)).toBe("1");
    expect(lit(Number.NaN)).toBe("NULL");
  });

  it("splits multi-row inserts under D1's 100 KB statement limit and keeps every row", () => {
    const rows = Array.from({ length: 3000 }, (_, i) => [i, "x".repeat(100)]);
    const statements = insertStatements("t", ["id", "v"], rows);
    expect(statements.length).toBeGreaterThan(1);
    for (const s of statements) expect(s.length).toBeLessThanOrEqual(100_000);
    expect(statements.join("").match(/\(\d+, 'x+'\)/g)).toHaveLength(3000);
  });

  it("is deterministic: the same seed gives the same data", () => {
    const a = createRandom(42),
      b = createRandom(42);
    expect(Array.from({ length: 5 }, () => a.int(0, 1000))).toEqual(Array.from({ length: 5 }, () => b.int(0, 1000)));
  });
});

describe("demo car pictures", () => {
  it("draws an SVG captioned with make and model, escaping markup", () => {
    const svg = carSvg({
      make: "Škoda",
      model: "<Octavia>",
      bodyType: "STATION_WAGON",
      color: "#1F4A8A",
      view: "side",
    });
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toContain("Škoda &lt;Octavia&gt;");
    expect(svg).toContain('fill="#1F4A8A"');
    expect(svg).not.toContain("<script");
  });
});
