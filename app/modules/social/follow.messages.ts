/** The follow texts shown to users (shared by the service, the route and the button). */
export const FOLLOW_MESSAGES = {
  followUnauthenticated: "You must be logged in to follow users",
  unfollowUnauthenticated: "You must be logged in to unfollow users",
  self: "You cannot follow yourself",
  followFailed: "Failed to follow user. Please try again.",
  unfollowFailed: "Failed to unfollow user. Please try again.",
  updateFailed: "Failed to update follow status",
  unexpected: "An unexpected error occurred",
  invalidUser: "Invalid user ID",
  userNotFound: "User not found",
  invalidIntent: "Choose follow or unfollow",
} as const;

export type FollowIntent = "follow" | "unfollow";
