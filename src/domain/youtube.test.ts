import { describe, expect, it } from "vitest";
import { youtubeVideoId, youtubeWatchUrl } from "./youtube";

describe("YouTube video ids", () => {
  it("takes the id itself or the id out of a pasted link", () => {
    for (const input of [
      "q3Rk8vTzLwA",
      " q3Rk8vTzLwA ",
      "https://www.youtube.com/watch?v=q3Rk8vTzLwA&t=42s",
      "youtube.com/watch?v=q3Rk8vTzLwA",
      "https://youtu.be/q3Rk8vTzLwA?si=abc",
      "https://www.youtube.com/embed/q3Rk8vTzLwA",
      "https://www.youtube.com/shorts/q3Rk8vTzLwA",
      "https://m.youtube.com/watch?v=q3Rk8vTzLwA",
    ]) {
      expect(youtubeVideoId(input), input).toBe("q3Rk8vTzLwA");
    }
  });
  it("refuses anything else", () => {
    for (const input of [
      "",
      "abc",
      "q3Rk8vTzLwA1",
      "https://vimeo.com/q3Rk8vTzLwA",
      "https://www.youtube.com/watch?v=kratko",
      "https://evil.example/watch?v=q3Rk8vTzLwA",
      "javascript:q3Rk8vTzLwA",
    ]) {
      expect(youtubeVideoId(input), input).toBeNull();
    }
  });
  it("links to the watch page", () => {
    expect(youtubeWatchUrl("q3Rk8vTzLwA")).toBe("https://www.youtube.com/watch?v=q3Rk8vTzLwA");
  });
});
