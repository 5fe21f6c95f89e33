/** Liveness for the launcher and the e2e web server: answers without a token, reveals nothing. */
export function GET() {
  return Response.json({ ok: true });
}
