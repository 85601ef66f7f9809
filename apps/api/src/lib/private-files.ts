// Files and folders the server creates for itself (the SQLite database, the generated
// APP_SECRET) are its owner's alone: 0700 folders and 0600 files, whatever the umask.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

/** Creates `dir` (and missing parents) as 0700; a folder that already exists is left as it is. */
export function ensurePrivateDir(dir: string): void {
  if (existsSync(dir)) return;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // The mode given to mkdir passes through the umask; chmod does not.
  chmodSync(dir, 0o700);
}

/**
 * Creates `file` empty as 0600 when it does not exist (an existing file is left as it is).
 * SQLite keeps a database file's mode and gives its -wal and -shm files the same one.
 */
export function ensurePrivateFile(file: string): void {
  try {
    closeSync(openSync(file, 'wx', 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
    throw error;
  }
  chmodSync(file, 0o600);
}
