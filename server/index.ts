/**
 * Entry point (`npm start`, `npm run dev`). NODE_ENV must be set before React,
 * React Router or Express are loaded — they pick their build from it at import
 * time — so this file sets it and only then loads the server.
 */
const dev = process.argv.includes("--dev");
process.env.NODE_ENV ??= dev ? "development" : "production";
await import("./main");
export {};
