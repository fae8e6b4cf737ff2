import { describe, expect, it } from "vitest";
import { clientAddress, clientOfAddress, localClient } from "./client-address";

const behindCloudflare = { TRUST_CF_CONNECTING_IP: "1" };
const from = (ip: string) =>
  clientAddress(new Request("https://www.avtotrg.si/", { headers: { "cf-connecting-ip": ip } }), behindCloudflare);

describe("client address", () => {
  it("counts every address of one IPv6 /64 as one client, however it is written", () => {
    const forms = [
      "2001:db8:1:2::1",
      "2001:db8:1:2:ffff:ffff:ffff:fffe",
      "2001:0db8:0001:0002:0000:0000:0000:0042",
      "2001:DB8:1:2:abcd::9",
    ];
    expect(new Set(forms.map(from))).toEqual(new Set(["2001:db8:1:2::/64"]));
    expect(from("2001:db8:1:3::1")).not.toBe(from("2001:db8:1:2::1"));
  });

  it("counts an IPv4-mapped IPv6 address as its IPv4 address, IPv4 addresses one by one", () => {
    expect(from("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(from("203.0.113.7")).not.toBe(from("203.0.113.8"));
  });

  it("answers 'unknown' for garbage and the local marker off Cloudflare, whatever the header says", () => {
    expect(clientOfAddress("1:2:3")).toBe("unknown");
    expect(from("::::")).toBe("unknown");
    expect(
      clientAddress(new Request("http://localhost/", { headers: { "cf-connecting-ip": "2001:db8::1" } }), {}),
    ).toBe(localClient);
  });
});
