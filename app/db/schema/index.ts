export * from "./users";
export * from "./catalogue";
export * from "./auth";
export * from "./igdb";
export * from "./privacy";
export * from "./social";
export * from "./state";
