import * as lucide from "lucide-react";
import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import * as icons from ".";

const ours = Object.entries(icons).filter(([, value]) => typeof value === "function") as [string, ComponentType<icons.IconProps>][];
const theirs = (name: string) => (lucide as unknown as Record<string, ComponentType<icons.IconProps>>)[name];

describe("icons", () => {
  it("exports the icons the app uses", () => {
    expect(ours.length).toBeGreaterThan(50);
  });

  // The same markup as lucide-react's components, so nothing on a page changes but the cost.
  it.each(ours)("%s renders what lucide-react renders", (name, Icon) => {
    const Lucide = theirs(name);
    if (!Lucide) throw new Error(`lucide-react has no ${name}`);
    for (const props of [{}, { className: "size-4 text-accent" }, { className: "size-4", fill: "currentColor" }] as icons.IconProps[]) {
      const html = renderToStaticMarkup(<Icon {...props} />);
      expect(html).toBe(renderToStaticMarkup(<Lucide {...props} />));
      expect(html).toMatch(/^<svg [^>]*aria-hidden="true"[^>]*>(<(path|circle|rect|line|polyline|polygon|ellipse)\b[^>]*><\/\2>)+<\/svg>$/);
    }
  });

  it("is not hidden from screen readers when it is labelled, as in lucide-react", () => {
    const html = renderToStaticMarkup(<icons.Heart aria-label="Liked" role="img" />);
    expect(html).not.toContain("aria-hidden");
    expect(html).toContain('aria-label="Liked"');
    expect(html).toBe(renderToStaticMarkup(<lucide.Heart aria-label="Liked" role="img" />));
  });

  it("keeps aria-hidden as the caller sets it", () => {
    expect(renderToStaticMarkup(<icons.Star aria-hidden />)).toBe(renderToStaticMarkup(<lucide.Star aria-hidden />));
  });
});
