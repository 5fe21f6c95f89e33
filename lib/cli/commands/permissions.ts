import { CliError, type Command } from "../io";

// Placeholder until its issue lands.
export const run: Command = async () => {
  throw new CliError("`permissions` is not built yet");
};
