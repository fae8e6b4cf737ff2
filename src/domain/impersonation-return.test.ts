import { describe, expect, it } from "vitest";
import { impersonationReturnPath } from "./impersonation-return";

const cases: [string | null | undefined, string][] = [
  ["/administracija/uporabniki", "/administracija/uporabniki"],
  ["/administracija/uporabniki?q=041%20000%20003", "/administracija/uporabniki?q=041+000+003"],
  ["/administracija/uporabniki?q=Katja#x", "/administracija/uporabniki?q=Katja"],
  [undefined, "/administracija/uporabniki"],
  [null, "/administracija/uporabniki"],
  ["", "/administracija/uporabniki"],
  ["/", "/administracija/uporabniki"],
  ["/administracija/poslovne-enote", "/administracija/uporabniki"],
  ["/administracija/uporabniki-drugi", "/administracija/uporabniki"],
  ["https://zlo.example/administracija/uporabniki", "/administracija/uporabniki"],
  ["//zlo.example/administracija/uporabniki", "/administracija/uporabniki"],
  ["/\\zlo.example", "/administracija/uporabniki"],
  ["/administracija/../administracija/uporabniki?q=a", "/administracija/uporabniki?q=a"],
];

describe("impersonationReturnPath", () => {
  it("keeps the users list with its search and turns anything else into the plain list", () => {
    for (const [raw, expected] of cases) expect(impersonationReturnPath(raw), String(raw)).toBe(expected);
  });
});
