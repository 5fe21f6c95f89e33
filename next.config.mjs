/** @type {import('next').NextConfig} */
const nextConfig = {
  // These spawn child processes or load native code: keep them out of the server bundle.
  serverExternalPackages: ["@modelcontextprotocol/sdk", "better-sqlite3"],
  poweredByHeader: false,
};

export default nextConfig;
