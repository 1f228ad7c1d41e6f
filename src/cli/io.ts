/** What a command may touch of the outside world; tests pass their own. */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly isTTY: boolean;
}

/** A failure the user can act on: printed as one line, exit 1, no stack trace. */
export class CliError extends Error {
  override name = "CliError";
}

export const processIo: CliIo = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  isTTY: process.stderr.isTTY === true,
};
