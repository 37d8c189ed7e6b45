import { currentToast, dismissToast, showToast, subscribeToasts } from "./toast-store";

describe("toast store", () => {
  afterEach(() => dismissToast());

  it("shows at most one toast: a new one replaces the current", () => {
    showToast({ title: "First" });
    const second = showToast({ title: "Second", description: "More", variant: "destructive" });
    expect(currentToast()).toEqual({ id: second, title: "Second", description: "More", variant: "destructive" });
  });

  it("dismissing an older id leaves the newer toast alone", () => {
    const first = showToast({ title: "First" });
    showToast({ title: "Second" });
    dismissToast(first);
    expect(currentToast()?.title).toBe("Second");
  });

  it("notifies subscribers", () => {
    const listener = jest.fn();
    const unsubscribe = subscribeToasts(listener);
    showToast({ title: "Hello" });
    dismissToast();
    unsubscribe();
    showToast({ title: "Unheard" });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
