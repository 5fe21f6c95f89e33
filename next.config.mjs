/** @type {import('next').NextConfig} */
const nextConfig = {
  // Lets two builds (say, a dev tree and an e2e run) live side by side.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // These spawn child processes or load native code: keep them out of the server bundle.
  serverExternalPackages: ["@modelcontextprotocol/sdk", "better-sqlite3"],
  poweredByHeader: false,
};

export default nextConfig;
