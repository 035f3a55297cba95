import { describe, expect, it } from "vitest";
import { excerpt, richTextToHtml, sanitizeHtml, sanitizeUrl, sanitizeUserText, toPlainText } from "./sanitize.server";

describe("sanitizeHtml basic", () => {
  it("keeps the allowed tags", () => {
    const html =
      "<p><b>b</b><i>i</i><em>em</em><strong>strong</strong><u>u</u><s>s</s><br /><code>c</code></p>" +
      "<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><pre>pre</pre><h3>3</h3><h4>4</h4><h5>5</h5><h6>6</h6>";
    expect(sanitizeHtml(html, "basic")).toBe(html);
  });

  it("drops every attribute, including event handlers and styles", () => {
    expect(sanitizeHtml('<p class="x" style="color:red" onclick="alert(1)" id="a">hi</p>', "basic")).toBe("<p>hi</p>");
    expect(sanitizeHtml('<b onmouseover="x()">x</b>', "basic")).toBe("<b>x</b>");
  });

  it("unwraps tags that are not allowed but keeps their text", () => {
    expect(sanitizeHtml("<div><span>hello</span> <h1>Title</h1> <h2>Sub</h2></div>", "basic")).toBe("hello Title Sub");
    expect(sanitizeHtml('<a href="https://example.org">link</a>', "basic")).toBe("link");
    expect(sanitizeHtml('<img src="x" onerror="alert(1)">after', "basic")).toBe("after");
  });

  it.each([
    ["script", "<script>alert(1)</script>"],
    ["style", "<style>body{display:none}</style>"],
    ["iframe", '<iframe src="https://evil.example"><p>fallback</p></iframe>'],
    ["object", '<object data="x.swf"><p>inner</p></object>'],
    ["embed", '<embed src="x.swf">'],
    ["form", '<form action="/steal"><p>Password</p><input name="p"></form>'],
  ])("removes %s together with its content", (_tag, dangerous) => {
    expect(sanitizeHtml(`<p>before</p>${dangerous}<p>after</p>`, "basic")).toBe("<p>before</p><p>after</p>");
  });

  it("escapes text so it cannot become markup", () => {
    expect(sanitizeHtml("5 < 6 & 7 > 3", "basic")).toBe("5 &lt; 6 &amp; 7 &gt; 3");
    expect(sanitizeHtml("&lt;script&gt;alert(1)&lt;/script&gt;", "basic")).toBe("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("handles broken markup and non-strings", () => {
    expect(sanitizeHtml("<p><b>unclosed", "basic")).toBe("<p><b>unclosed</b></p>");
    expect(sanitizeHtml("<scr<script>ipt>alert(1)</script>", "basic")).not.toMatch(/<script/i);
    expect(sanitizeHtml(null)).toBe("");
    expect(sanitizeHtml(undefined)).toBe("");
  });
});

describe("sanitizeHtml strict", () => {
  it("keeps no tag at all", () => {
    expect(sanitizeHtml("<p>Hello <b>world</b></p><script>x()</script>", "strict")).toBe("Hello world");
  });
});

describe("sanitizeHtml url", () => {
  it("keeps http, https and mailto links with a safe rel", () => {
    expect(sanitizeHtml('<a href="https://example.org/a?b=1" onclick="x">x</a>', "url")).toBe(
      '<a href="https://example.org/a?b=1" rel="nofollow noopener noreferrer ugc" target="_blank">x</a>',
    );
    expect(sanitizeHtml('<a href="mailto:a@example.org">mail</a>', "url")).toContain('href="mailto:a@example.org"');
    expect(sanitizeHtml('<a href="http://example.org">x</a>', "url")).toContain('href="http://example.org"');
  });

  it("drops other schemes", () => {
    for (const href of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "data:text/html,<b>x</b>",
      "vbscript:x",
      "//evil.example/x",
      "ftp://x",
    ]) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`, "url")).not.toContain("href");
    }
  });

  it("still removes the forbidden elements", () => {
    expect(sanitizeHtml('<p>a</p><script>alert(1)</script><iframe src="x"></iframe>', "url")).toBe("<p>a</p>");
  });
});

describe("sanitizeUrl", () => {
  it("accepts http, https and mailto", () => {
    expect(sanitizeUrl("https://example.org/x")).toBe("https://example.org/x");
    expect(sanitizeUrl(" http://example.org ")).toBe("http://example.org/");
    expect(sanitizeUrl("mailto:me@example.org")).toBe("mailto:me@example.org");
  });

  it("rejects everything else", () => {
    for (const bad of [
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "/relative",
      "//proto-relative.example",
      "ftp://x",
      "",
      "java\nscript:x",
      null,
    ]) {
      expect(sanitizeUrl(bad)).toBeNull();
    }
  });
});

describe("toPlainText and excerpt", () => {
  it("strips tags, decodes entities and collapses whitespace", () => {
    expect(toPlainText("<p>Tom &amp; Jerry</p><p>5 &lt; 6</p>\n\n<script>x</script>")).toBe("Tom & Jerry 5 < 6");
    expect(toPlainText("one<br>two")).toBe("one two");
  });

  it("cuts at a word boundary to at most the limit", () => {
    const text = "word ".repeat(60).trim();
    const cut = excerpt(text, 160);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith("word…")).toBe(true);
    expect(excerpt("short", 160)).toBe("short");
  });
});

describe("richTextToHtml", () => {
  it("turns plain text paragraphs into escaped <p> blocks", () => {
    expect(richTextToHtml("First 5 < 6 & more\nline two\n\nSecond")).toBe("<p>First 5 &lt; 6 &amp; more<br />line two</p><p>Second</p>");
  });

  it("sanitises HTML input with the basic configuration", () => {
    expect(richTextToHtml('<p onclick="x">Hi</p><script>alert(1)</script>')).toBe("<p>Hi</p>");
    expect(richTextToHtml("   ")).toBe("");
  });
});

describe("entities named like an object's own members", () => {
  it("are text, not the prototype's functions", () => {
    expect(sanitizeUserText("a &constructor; b &toString; &__proto__;")).toBe("a &constructor; b &toString; &__proto__;");
    expect(sanitizeUserText("5 &lt; 6 &amp; 7")).toBe("5 < 6 & 7");
  });
});

describe("sanitizeUserText keeps what was typed", () => {
  it.each([
    ["I love <Zelda>", "I love <Zelda>"],
    ["x <y and z", "x <y and z"],
    ["I <3 this game", "I <3 this game"],
    ["<-- the best part", "<-- the best part"],
    ["<<< press left", "<<< press left"],
    ["a < b > c", "a < b > c"],
  ])("%j stays as typed", (typed, stored) => {
    expect(sanitizeUserText(typed)).toBe(stored);
  });

  it.each([
    ["<b>bold</b> text", "bold text"],
    ["<script>alert(1)</script>hi", "hi"],
    ['<img src="x" onerror="alert(1)">after', "after"],
    ["<IMG SRC=x onerror=alert(1)/>after", "after"],
    ["<svg onload=alert(1)><circle/></svg>after", "after"],
    ["<my-widget data-x=1>inner</my-widget>", "inner"],
    ["<!-- hidden -->shown", "shown"],
    ["<p>one</p>\n<p>two</p>", "one\ntwo"],
  ])("%j loses its markup", (typed, stored) => {
    expect(sanitizeUserText(typed)).toBe(stored);
  });
});
