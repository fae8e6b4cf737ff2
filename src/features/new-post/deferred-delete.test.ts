import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createDeferredDelete } from "./deferred-delete";

describe("delete with undo", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup() {
    const committed: string[] = [];
    const changes: (string | null)[] = [];
    const queue = createDeferredDelete(
      (url) => committed.push(url),
      6000,
      (p) => changes.push(p),
    );
    return { queue, committed, changes };
  }

  it("sends the delete only when the undo window has passed", () => {
    const { queue, committed } = setup();
    queue.schedule("a");
    vi.advanceTimersByTime(5999);
    expect(committed).toEqual([]);
    expect(queue.pending()).toBe("a");
    vi.advanceTimersByTime(1);
    expect(committed).toEqual(["a"]);
    expect(queue.pending()).toBeNull();
  });

  it("undo within the window sends nothing, ever", () => {
    const { queue, committed, changes } = setup();
    queue.schedule("a");
    expect(queue.undo()).toBe("a");
    vi.advanceTimersByTime(60_000);
    expect(committed).toEqual([]);
    expect(changes).toEqual(["a", null]);
    expect(queue.undo()).toBeNull();
  });

  it("a second removal commits the first, and undo takes back only the last", () => {
    const { queue, committed } = setup();
    queue.schedule("a");
    queue.schedule("b");
    expect(committed).toEqual(["a"]);
    expect(queue.undo()).toBe("b");
    vi.advanceTimersByTime(60_000);
    expect(committed).toEqual(["a"]);
  });

  it("leaving the page commits the waiting removal at once, and only once", () => {
    const { queue, committed } = setup();
    queue.schedule("a");
    queue.flush();
    queue.flush();
    vi.advanceTimersByTime(60_000);
    expect(committed).toEqual(["a"]);
  });
});
