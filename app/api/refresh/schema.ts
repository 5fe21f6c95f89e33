/** `POST /api/refresh` with an optional `{ id }`: one server, or (without a body) every server. */
import { z } from "zod";

export const RefreshBody = z.object({ id: z.string().min(1).optional() }).strict();
