// A process that contends for a data directory's lock when told to, through the same function
// `vetrina` uses, and holds what it wins until told to let go. Lines in: `go <dir>`, `release`.
// Lines out: `ready`, `won`, `busy <message>`, `error <message>`, `released`.
import { createInterface } from 'node:readline';
import { DataDirBusyError, lockDataDir, type DataDirLock } from '../../src/db/data-dir-lock.ts';

let held: DataDirLock | null = null;
process.stdout.write('ready\n');
for await (const line of createInterface({ input: process.stdin })) {
  if (line.startsWith('go ')) {
    try {
      held = lockDataDir(line.slice(3), 'contender');
      process.stdout.write('won\n');
    } catch (err) {
      process.stdout.write(`${err instanceof DataDirBusyError ? 'busy' : 'error'} ${err instanceof Error ? err.message : String(err)}\n`);
    }
  } else if (line === 'release') {
    held?.release();
    held = null;
    process.stdout.write('released\n');
  }
}
