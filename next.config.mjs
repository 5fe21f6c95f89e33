/** @type {import('next').NextConfig} */
const nextConfig = {
  // Lets two builds (say, a dev tree and an e2e run) live side by side.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // These spawn child processes or load native code: keep them out of the server bundle.
  serverExternalPackages: ["@modelcontextprotocol/sdk", "better-sqlite3"],
  poweredByHeader: false,
  // Served on 127.0.0.1 only: compressing a 10,000-tool index costs the server more time than the
  // loopback saves (measured: gzip doubled the time to fetch it).
  compress: false,
};

export default nextConfig;
