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

/** Output that can never show a token, whatever a message happens to contain. */
export function redactSecrets(write: (text: string) => void, env: NodeJS.ProcessEnv): (text: string) => void {
  const secrets = [env["GITHUB_TOKEN"], env["GITLAB_TOKEN"]]
    .filter((s): s is string => s !== undefined && s.trim().length >= 4)
    .map((s) => s.trim());
  if (secrets.length === 0) return write;
  return (text) => write(secrets.reduce((out, secret) => out.split(secret).join("***"), text));
}
