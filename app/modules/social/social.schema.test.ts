import { describe, expect, it } from "vitest";
import { checkCommentContent, COMMENT_FORM_MESSAGES, commentFormProblem, commentLength, SOCIAL_MESSAGES } from "./social.schema";

describe("the comment rule in the page's words", () => {
  const samples: [string, string | null][] = [
    ["", COMMENT_FORM_MESSAGES.empty],
    ["   \n\t  ", COMMENT_FORM_MESSAGES.empty],
    ["\r\n", COMMENT_FORM_MESSAGES.empty],
    ["hi", null],
    ["x".repeat(500), null],
    [`  ${"x".repeat(500)}  `, null],
    ["x".repeat(501), COMMENT_FORM_MESSAGES.tooLong],
    // An emoji is one character (two UTF-16 code units): 500 of them fit.
    ["🎮".repeat(500), null],
    ["🎮".repeat(501), COMMENT_FORM_MESSAGES.tooLong],
    // Line breaks count once, however the browser sends them.
    [`${"x".repeat(249)}\r\n${"x".repeat(250)}`, null],
    [`${"x".repeat(250)}\r\n${"x".repeat(250)}`, COMMENT_FORM_MESSAGES.tooLong],
  ];

  it("says 'Comment cannot be empty' or 'Comment exceeds 500 characters' exactly when the server refuses", () => {
    expect(COMMENT_FORM_MESSAGES).toEqual({ empty: "Comment cannot be empty", tooLong: "Comment exceeds 500 characters" });
    for (const [text, problem] of samples) {
      expect(commentFormProblem(text), JSON.stringify(text.slice(0, 20))).toBe(problem);
      const server = checkCommentContent(text);
      expect(server.ok, JSON.stringify(text.slice(0, 20))).toBe(problem === null);
      if (!server.ok) expect(server.error).toBe(problem === COMMENT_FORM_MESSAGES.empty ? SOCIAL_MESSAGES.empty : SOCIAL_MESSAGES.tooLong);
    }
  });

  it("counts characters for 'N characters remaining' as the server does", () => {
    expect(commentLength("🎮🎮")).toBe(2);
    expect(commentLength("  ab  ")).toBe(2);
    expect(commentLength("a\r\nb")).toBe(3);
    expect(commentLength("@someone ")).toBe(8);
  });
});
