/** The signed-in user as the header shows them (avatar and name), shared by the menus. */
export interface HeaderUser {
  id: number;
  username: string | null;
  name: string;
  avatarUrl: string | null;
}

export function displayName(user: HeaderUser): string {
  return user.username?.trim() || user.name?.trim() || "User";
}
