/**
 * The app's icons: lucide's drawings (lucide-react, ISC licence), rendered as one <svg> whose inner
 * markup is a string built once per icon.
 *
 * lucide-react's components do per render what never changes: two component layers, a context read,
 * the attribute and class merge, and one React element per path. On a page with many icons that was
 * a fifth of the server's render (the review view: 86 icons, ~3 ms of 15 ms of CPU per request;
 * measured by rendering the same pages without icons). Here React writes one element with a constant
 * inner string, in the server render and in hydration alike (the same string both sides).
 *
 * Same markup as lucide-react: its default attributes, the `lucide lucide-<name>` classes,
 * aria-hidden="true" unless an aria-* prop, role or title is given, and any prop passed on the <svg>
 * last (so `fill` and the rest override). No children: an icon's label belongs on its control.
 *
 * Import icons from "~/components/ui/icons" (this folder's index), never from "lucide-react"
 * (eslint.config.js says so). Each icon is its own module, so a page's JavaScript holds only the icons
 * its routes use; a new one is a file like the others plus a line in index.ts.
 */
import type { ReactElement, SVGProps } from "react";

export type IconProps = Omit<SVGProps<SVGSVGElement>, "children" | "dangerouslySetInnerHTML">;
export type Icon = ((props: IconProps) => ReactElement) & { displayName: string };

type IconElement = [tag: string, attributes: Record<string, string | number>, children?: IconElement[]];
type IconNode = IconElement[];
interface IconData {
  name: string;
  node: IconNode;
  aliases?: unknown[];
}

/**
 * A lucide-react icon's drawing. Its components are forwardRef objects whose render hands the icon's
 * data to lucide's Icon; calling it outside React only creates that element. Throws at start-up if a
 * lucide-react update changes this (the icon test renders every icon).
 */
function dataOf(name: string, component: unknown): IconData {
  const render = (component as { render?: (props: object, ref: null) => { props?: { icon?: IconData } } } | undefined)?.render;
  const data = render?.({}, null)?.props?.icon;
  if (!data || !Array.isArray(data.node) || data.node.length === 0) throw new Error(`lucide-react: no drawing found for the ${name} icon`);
  return data;
}

const escapeAttribute = (value: string | number) => String(value).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

function markup(node: IconNode): string {
  return node
    .map(([tag, attributes, children]) => {
      const attrs = Object.entries(attributes)
        .filter(([key]) => key !== "key")
        .map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`)
        .join("");
      return `<${tag}${attrs}>${children ? markup(children) : ""}</${tag}>`;
    })
    .join("");
}

/** lucide's rule: an icon with an accessible name or role is not hidden. */
function labelled(props: IconProps): boolean {
  for (const [key, value] of Object.entries(props)) {
    if (value != null && (key.startsWith("aria-") || key === "role" || key === "title")) return true;
  }
  return false;
}

export function icon(name: string, component: unknown): Icon {
  const data = dataOf(name, component);
  const inner = { __html: markup(data.node) };
  const aliases = (data.aliases ?? []).filter((a): a is string => typeof a === "string" && a.trim() !== "");
  const base = ["lucide", `lucide-${data.name}`, ...aliases.map((a) => `lucide-${a}`)].join(" ");
  const Component = ({ className, ...rest }: IconProps) => (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className ? `${base} ${className}` : base}
      aria-hidden={labelled(rest) ? undefined : "true"}
      {...rest}
      dangerouslySetInnerHTML={inner}
    />
  );
  Component.displayName = name;
  return Component;
}
