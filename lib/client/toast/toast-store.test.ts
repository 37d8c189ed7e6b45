/** @jest-environment jsdom */
import { currentToast, dismissToast, showToast, showToastAcrossReload, showToastKeptAcrossReload, subscribeToasts } from "./toast-store";

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

  describe("across a reload", () => {
    beforeEach(() => sessionStorage.clear());

    it("shows the toast now, and once more on the next load only", () => {
      showToastAcrossReload({ title: "Logged out" });
      expect(currentToast()?.title).toBe("Logged out");
      dismissToast();

      showToastKeptAcrossReload();
      expect(currentToast()).toMatchObject({ title: "Logged out", variant: "default" });
      dismissToast();
      showToastKeptAcrossReload();
      expect(currentToast()).toBeNull();
    });

    it("shows nothing for a kept value that is not a toast, and drops it", () => {
      for (const raw of ["not json", "null", "[]", '{"title":""}', '{"title":5}']) {
        sessionStorage.setItem("toastAfterReload", raw);
        showToastKeptAcrossReload();
        expect(currentToast()).toBeNull();
        expect(sessionStorage.getItem("toastAfterReload")).toBeNull();
      }
    });

    it("keeps only what a toast can say: a known variant, bounded texts", () => {
      sessionStorage.setItem("toastAfterReload", JSON.stringify({ title: "T".repeat(300), description: 7, variant: "shout", extra: true }));
      showToastKeptAcrossReload();
      const shown = currentToast();
      expect(shown).toMatchObject({ title: "T".repeat(200), description: undefined, variant: "default" });
    });

    it("still shows the toast now when this browser keeps nothing", () => {
      const setItem = jest.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
        throw new DOMException("The operation is insecure.", "SecurityError");
      });
      try {
        showToastAcrossReload({ title: "Logged out" });
      } finally {
        setItem.mockRestore();
      }
      expect(currentToast()?.title).toBe("Logged out");
    });
  });
});
