/** Running npm from a test as a user runs it. */

/**
 * The environment without the npm_* variables that an `npm test` around the run sets (npm_config_dry_run,
 * npm_config_ignore_scripts, …: they would change what the inner npm does), and without npm's chatter.
 */
export function npmEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
  return { ...env, npm_config_update_notifier: "false", npm_config_audit: "false", npm_config_fund: "false", NO_COLOR: "1" };
}
