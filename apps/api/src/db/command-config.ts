// The app's configuration as db:backup and db:restore read it: the same schema and defaults
// (DATABASE_URL, DATA_DIR), except that they never generate an APP_SECRET into DATA_DIR,
// which loadConfig would do when it is unset: they do not use it, and a restore into a new
// folder must not leave a key there that differs from the one the backup was written with.
import { type Config, ConfigError, loadConfig } from '../config.ts';

export function loadCommandConfig(): Config {
  try {
    return loadConfig({
      ...process.env,
      APP_SECRET: process.env.APP_SECRET || 'unused-by-backup-and-restore-commands',
    });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}
