import { addressBlock } from "./address-block";

describe("addressBlock", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["[2001:db8:1:2::9]", "2001:db8:1:2::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["::ffff:198.51.100.4", "198.51.100.4"],
    ["::ffff:c633:6404", "198.51.100.4"],
    // A port some proxies write after the address: a new one for every connection.
    ["203.0.113.7:51234", "203.0.113.7"],
    ["[2001:db8:1:2::9]:443", "2001:db8:1:2::/64"],
  ])("%s is counted as %s", (address, block) => {
    expect(addressBlock(address)).toBe(block);
  });

  it("counts every address of one /64 as one guest, and another /64 apart", () => {
    const sameLine = ["2001:db8:aa:bb::1", "2001:db8:aa:bb:1234:5678:9abc:def0", "2001:db8:aa:bb:ffff::"].map(addressBlock);
    expect(new Set(sameLine).size).toBe(1);
    expect(addressBlock("2001:db8:aa:bc::1")).not.toBe(sameLine[0]);
  });

  it.each(["unknown", "", "1:2:3", "1::2::3", "1:2:3:4:5:6:7:8:9", "::ffff:300.1.1.1", "x".repeat(64), "2001:db8::g"])(
    "leaves %j, which is no IPv6 address, as it is",
    (text) => {
      expect(addressBlock(text)).toBe(text);
    },
  );
});
