import { isDeviceSessionId, isServerSessionId, newDeviceSessionId } from "./session-ids";

describe("session ids", () => {
  test.each([
    ["local-1763800000000", true, false],
    ["3f1c2a8e-1b2c-4d5e-8f90-123456789abc", false, true],
    ["rec-1763800000000-abc", false, false],
    ["", false, false],
    ["LOCAL-1", false, false],
  ])("%s: device %s, server %s", (id, device, server) => {
    expect(isDeviceSessionId(id)).toBe(device);
    expect(isServerSessionId(id)).toBe(server);
  });

  test("a new device id is local-{timestamp}, moved on while taken", () => {
    expect(newDeviceSessionId(1000)).toBe("local-1000");
    expect(newDeviceSessionId(1000.7)).toBe("local-1000");
    expect(newDeviceSessionId(1000, new Set(["local-1000", "local-1001"]))).toBe("local-1002");
  });
});
