export type DiscoverSort = "relevant" | "followers" | "reviews" | "recent";

/** Discover Users' constants, parameters and view models: shared by the page and the server. */
export const DISCOVER_PAGE_SIZE = 20;
export const TOP_REVIEWERS = 3;
export const DISCOVER_SORTS: { value: DiscoverSort; label: string }[] = [
  { value: "relevant", label: "Most Relevant" },
  { value: "followers", label: "Most Followers" },
  { value: "reviews", label: "Most Reviews" },
  { value: "recent", label: "Recently Joined" },
];
export const JOINED_WITHIN = [
  { value: 7, label: "Last 7 days" },
  { value: 30, label: "Last 30 days" },
  { value: 365, label: "Last year" },
] as const;
/** The platforms a profile can list (the review form's default list). */
export const USER_PLATFORMS = ["PS5", "Xbox Series X/S", "Nintendo Switch", "PC", "Retro"] as const;

export const MAX_QUERY = 100;

/** Discover's failure texts: the page's own reads, and the partial ones that keep the list. */
export const DISCOVER_MESSAGES = {
  loadUsers: "Failed to load users. Please try again.",
  followsPartial: "Failed to load follow relationships. Counts may be inaccurate.",
  reviewsPartial: "Failed to load review data. Review counts may be inaccurate.",
  unexpected: "An unexpected error occurred while loading users",
} as const;
const MAX_PAGE = 10_000;

export interface DiscoverParams {
  q: string;
  sort: DiscoverSort;
  page: number;
  hasReviews: boolean;
  joined: number | null;
  platform: string | null;
}

/** Reads the page's GET parameters; anything unknown falls back to the default (never an error). */
export function parseDiscoverParams(search: URLSearchParams): DiscoverParams {
  const q = (search.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_QUERY);
  const sortRaw = search.get("sort");
  const sort = DISCOVER_SORTS.some((s) => s.value === sortRaw) ? (sortRaw as DiscoverSort) : "relevant";
  const pageRaw = search.get("page") ?? "";
  const page = /^[0-9]{1,6}$/.test(pageRaw) ? Math.min(Math.max(Number(pageRaw), 1), MAX_PAGE) : 1;
  const joinedRaw = Number(search.get("joined"));
  const joined = JOINED_WITHIN.some((j) => j.value === joinedRaw) ? joinedRaw : null;
  const platformRaw = search.get("platform");
  const platform = USER_PLATFORMS.find((p) => p === platformRaw) ?? null;
  return { q, sort, page, hasReviews: search.get("reviews") === "1", joined, platform };
}

export interface DiscoverUser {
  id: number;
  username: string | null;
  name: string;
  displayName: string;
  bio: string | null;
  avatarUrl: string | null;
  platforms: string[];
  joinedAt: string;
  followerCount: number;
  followingCount: number;
  reviewCount: number;
  averageRating: number | null;
  isFollowing: boolean;
}

export interface CommunityStats {
  totalUsers: number;
  activeReviewers: number;
  totalReviews: number;
  youFollow: number | null;
}

export interface DiscoverPage {
  params: DiscoverParams;
  users: DiscoverUser[];
  total: number;
  totalPages: number;
  topReviewers: DiscoverUser[];
  stats: CommunityStats;
  /** No user at all besides the viewer ('No users yet'). */
  communityEmpty: boolean;
  viewerId: number | null;
  /** The users could not be read (the list is empty): 'Failed to load users. Please try again.' or the unexpected-error text. */
  error: string | null;
  /** Reads that failed while the users were read: the list is shown, these figures may be off. */
  warnings: string[];
}
