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
 * Import icons from here, never from "lucide-react" (eslint.config.js says so); add a name below when
 * a new one is needed.
 */
import type { ReactElement, SVGProps } from "react";
import {
  AlertCircle as LucideAlertCircle,
  BarChart3 as LucideBarChart3,
  BookmarkPlus as LucideBookmarkPlus,
  CalendarDays as LucideCalendarDays,
  Check as LucideCheck,
  CheckCircle2 as LucideCheckCircle2,
  ChevronDown as LucideChevronDown,
  ChevronLeft as LucideChevronLeft,
  ChevronRight as LucideChevronRight,
  Clock as LucideClock,
  Database as LucideDatabase,
  Eye as LucideEye,
  EyeOff as LucideEyeOff,
  Flag as LucideFlag,
  Gamepad2 as LucideGamepad2,
  Globe as LucideGlobe,
  Heart as LucideHeart,
  KeyRound as LucideKeyRound,
  Layers as LucideLayers,
  LayoutGrid as LucideLayoutGrid,
  Library as LucideLibrary,
  List as LucideList,
  Loader2 as LucideLoader2,
  Lock as LucideLock,
  LogIn as LucideLogIn,
  LogOut as LucideLogOut,
  MailCheck as LucideMailCheck,
  MapPin as LucideMapPin,
  Menu as LucideMenu,
  MessageCircle as LucideMessageCircle,
  MessageSquare as LucideMessageSquare,
  MessageSquareText as LucideMessageSquareText,
  PenLine as LucidePenLine,
  Pencil as LucidePencil,
  Play as LucidePlay,
  Plus as LucidePlus,
  RefreshCw as LucideRefreshCw,
  RotateCw as LucideRotateCw,
  Search as LucideSearch,
  SearchX as LucideSearchX,
  Settings as LucideSettings,
  Shield as LucideShield,
  ShieldAlert as LucideShieldAlert,
  SlidersHorizontal as LucideSlidersHorizontal,
  Sparkles as LucideSparkles,
  Star as LucideStar,
  Trash2 as LucideTrash2,
  TrendingUp as LucideTrendingUp,
  Trophy as LucideTrophy,
  User as LucideUser,
  UserCheck as LucideUserCheck,
  UserPlus as LucideUserPlus,
  UserRound as LucideUserRound,
  Users as LucideUsers,
  X as LucideX,
  XCircle as LucideXCircle,
} from "lucide-react";

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

function icon(name: string, component: unknown): Icon {
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

export const AlertCircle = icon("AlertCircle", LucideAlertCircle);
export const BarChart3 = icon("BarChart3", LucideBarChart3);
export const BookmarkPlus = icon("BookmarkPlus", LucideBookmarkPlus);
export const CalendarDays = icon("CalendarDays", LucideCalendarDays);
export const Check = icon("Check", LucideCheck);
export const CheckCircle2 = icon("CheckCircle2", LucideCheckCircle2);
export const ChevronDown = icon("ChevronDown", LucideChevronDown);
export const ChevronLeft = icon("ChevronLeft", LucideChevronLeft);
export const ChevronRight = icon("ChevronRight", LucideChevronRight);
export const Clock = icon("Clock", LucideClock);
export const Database = icon("Database", LucideDatabase);
export const Eye = icon("Eye", LucideEye);
export const EyeOff = icon("EyeOff", LucideEyeOff);
export const Flag = icon("Flag", LucideFlag);
export const Gamepad2 = icon("Gamepad2", LucideGamepad2);
export const Globe = icon("Globe", LucideGlobe);
export const Heart = icon("Heart", LucideHeart);
export const KeyRound = icon("KeyRound", LucideKeyRound);
export const Layers = icon("Layers", LucideLayers);
export const LayoutGrid = icon("LayoutGrid", LucideLayoutGrid);
export const Library = icon("Library", LucideLibrary);
export const List = icon("List", LucideList);
export const Loader2 = icon("Loader2", LucideLoader2);
export const Lock = icon("Lock", LucideLock);
export const LogIn = icon("LogIn", LucideLogIn);
export const LogOut = icon("LogOut", LucideLogOut);
export const MailCheck = icon("MailCheck", LucideMailCheck);
export const MapPin = icon("MapPin", LucideMapPin);
export const Menu = icon("Menu", LucideMenu);
export const MessageCircle = icon("MessageCircle", LucideMessageCircle);
export const MessageSquare = icon("MessageSquare", LucideMessageSquare);
export const MessageSquareText = icon("MessageSquareText", LucideMessageSquareText);
export const PenLine = icon("PenLine", LucidePenLine);
export const Pencil = icon("Pencil", LucidePencil);
export const Play = icon("Play", LucidePlay);
export const Plus = icon("Plus", LucidePlus);
export const RefreshCw = icon("RefreshCw", LucideRefreshCw);
export const RotateCw = icon("RotateCw", LucideRotateCw);
export const Search = icon("Search", LucideSearch);
export const SearchX = icon("SearchX", LucideSearchX);
export const Settings = icon("Settings", LucideSettings);
export const Shield = icon("Shield", LucideShield);
export const ShieldAlert = icon("ShieldAlert", LucideShieldAlert);
export const SlidersHorizontal = icon("SlidersHorizontal", LucideSlidersHorizontal);
export const Sparkles = icon("Sparkles", LucideSparkles);
export const Star = icon("Star", LucideStar);
export const Trash2 = icon("Trash2", LucideTrash2);
export const TrendingUp = icon("TrendingUp", LucideTrendingUp);
export const Trophy = icon("Trophy", LucideTrophy);
export const User = icon("User", LucideUser);
export const UserCheck = icon("UserCheck", LucideUserCheck);
export const UserPlus = icon("UserPlus", LucideUserPlus);
export const UserRound = icon("UserRound", LucideUserRound);
export const Users = icon("Users", LucideUsers);
export const X = icon("X", LucideX);
export const XCircle = icon("XCircle", LucideXCircle);
