/** Short display names for IGDB platform names (result cards and filters). */

const SHORT_NAMES: Readonly<Record<string, string>> = {
  // PC and computers
  "PC (Microsoft Windows)": "PC",
  Windows: "PC",
  Mac: "Mac",
  Linux: "Linux",
  DOS: "DOS",
  "Web browser": "Browser",
  "Commodore C64/128/MAX": "C64",
  "Commodore C64/128": "C64",
  Amiga: "Amiga",
  "Amiga CD32": "CD32",
  "Amstrad CPC": "CPC",
  "ZX Spectrum": "ZX Spectrum",
  MSX: "MSX",
  MSX2: "MSX2",
  "Atari ST/STE": "Atari ST",
  "Atari 8-bit": "Atari 8-bit",
  "Apple II": "Apple II",
  "PC-98": "PC-98",
  "Sharp X68000": "X68000",
  // PlayStation
  PlayStation: "PS1",
  "PlayStation 2": "PS2",
  "PlayStation 3": "PS3",
  "PlayStation 4": "PS4",
  "PlayStation 5": "PS5",
  "PlayStation Portable": "PSP",
  "PlayStation Vita": "Vita",
  "PlayStation VR": "PS VR",
  "PlayStation VR2": "PS VR2",
  // Xbox
  Xbox: "Xbox",
  "Xbox 360": "X360",
  "Xbox One": "XONE",
  "Xbox Series X|S": "Xbox Series X/S",
  "Xbox Series X/S": "Xbox Series X/S",
  "Xbox Series X": "Xbox Series X/S",
  "Xbox Series S": "Xbox Series X/S",
  // Nintendo home consoles
  "Nintendo Entertainment System": "NES",
  "Nintendo Entertainment System (NES)": "NES",
  "Family Computer": "Famicom",
  "Family Computer Disk System": "Famicom Disk",
  "Super Nintendo Entertainment System": "SNES",
  "Super Nintendo Entertainment System (SNES)": "SNES",
  "Super Famicom": "Super Famicom",
  "Nintendo 64": "N64",
  "Nintendo GameCube": "GameCube",
  Wii: "Wii",
  "Wii U": "Wii U",
  "Nintendo Switch": "Switch",
  "Nintendo Switch 2": "Switch 2",
  // Nintendo handhelds
  "Game Boy": "GB",
  "Game Boy Color": "GBC",
  "Game Boy Advance": "GBA",
  "Virtual Boy": "Virtual Boy",
  "Nintendo DS": "DS",
  "Nintendo DSi": "DSi",
  "Nintendo 3DS": "3DS",
  "New Nintendo 3DS": "New 3DS",
  // Sega
  "Sega Master System/Mark III": "Master System",
  "Sega Master System": "Master System",
  "Sega Mega Drive/Genesis": "Genesis",
  "Sega Genesis": "Genesis",
  "Sega Mega Drive": "Genesis",
  "Sega CD": "Sega CD",
  "Sega 32X": "32X",
  "Sega Saturn": "Saturn",
  Dreamcast: "Dreamcast",
  "Sega Game Gear": "Game Gear",
  // Mobile
  iOS: "iOS",
  Android: "Android",
  "Windows Phone": "Windows Phone",
  // Arcade and SNK
  Arcade: "Arcade",
  "Neo Geo AES": "Neo Geo",
  "Neo Geo MVS": "Neo Geo MVS",
  "Neo Geo CD": "Neo Geo CD",
  "Neo Geo Pocket": "NGP",
  "Neo Geo Pocket Color": "NGPC",
  // Atari and others
  "Atari 2600": "Atari 2600",
  "Atari 5200": "Atari 5200",
  "Atari 7800": "Atari 7800",
  "Atari Jaguar": "Jaguar",
  "Atari Lynx": "Lynx",
  "TurboGrafx-16/PC Engine": "TG-16",
  "TurboGrafx-16": "TG-16",
  "PC Engine": "TG-16",
  "3DO Interactive Multiplayer": "3DO",
  "Google Stadia": "Stadia",
  Stadia: "Stadia",
  Ouya: "Ouya",
  "Meta Quest 2": "Quest 2",
  "Meta Quest 3": "Quest 3",
  "Oculus Quest": "Quest",
  "Oculus Rift": "Rift",
  SteamVR: "SteamVR",
  Evercade: "Evercade",
  Playdate: "Playdate",
};

const BY_LOWER_NAME: ReadonlyMap<string, string> = new Map(Object.entries(SHORT_NAMES).map(([name, short]) => [name.toLowerCase(), short]));

/** Short display name ('PlayStation 5' → 'PS5'); unknown names are returned unchanged. */
export function shortPlatformName(name: string): string {
  if (typeof name !== "string") return "";
  const key = name.trim().replace(/\s+/g, " ").toLowerCase();
  return BY_LOWER_NAME.get(key) ?? name;
}

export type PlatformSummary = {
  /** Short names in input order, de-duplicated, at most `max`. */
  shown: string[];
  /** True when more distinct platforms exist than are shown (the UI appends '...'). */
  more: boolean;
};

/** Up to `max` (default 5) distinct short platform names plus whether more exist. */
export function platformSummary(names: readonly (string | null | undefined)[] | null | undefined, max = 5): PlatformSummary {
  const limit = Number.isFinite(max) ? Math.max(0, Math.floor(max)) : 5;
  const unique: string[] = [];
  const seen = new Set<string>();
  for (const name of names ?? []) {
    if (typeof name !== "string" || name.trim() === "") continue;
    const short = shortPlatformName(name).trim();
    const key = short.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    unique.push(short);
  }
  return { shown: unique.slice(0, limit), more: unique.length > limit };
}
