import { createFlowKit } from "./flow-kit";

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe("createFlowKit's timers", () => {
  it("clears them at the teardown, and sets none while torn down: a failure after the page went does not act on the next page", () => {
    const kit = createFlowKit();
    const ran: string[] = [];
    kit.later(() => ran.push("before"), 3000);
    kit.dispose();
    // An upload that fails after the user left home: its "home after 3 s".
    kit.later(() => ran.push("after"), 3000);
    jest.advanceTimersByTime(5000);
    expect(ran).toEqual([]);
  });

  it("sets them again once the flow mounts again (React's development double mount)", () => {
    const kit = createFlowKit();
    kit.dispose();
    kit.revive();
    const ran: string[] = [];
    kit.later(() => ran.push("again"), 3000);
    jest.advanceTimersByTime(3000);
    expect(ran).toEqual(["again"]);
  });
});
