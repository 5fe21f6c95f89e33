/** `POST /api/permissions/preview` `{ target }`. */
import { z } from "zod";

import { settingsTarget } from "../schema";

export const previewBody = z.object({ target: settingsTarget });
