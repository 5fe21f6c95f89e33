/** `POST /api/review`: mark some drift events reviewed, or all of them. */
import { z } from "zod";

export const ReviewBody = z.union([
  z.strictObject({ eventIds: z.array(z.number().int().positive()).min(1).max(50_000) }),
  z.strictObject({ all: z.literal(true) }),
]);
export type ReviewBody = z.infer<typeof ReviewBody>;
