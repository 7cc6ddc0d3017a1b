// CPU time of the PostgreSQL backends serving one database (a server on this machine: their
// command lines name the database). On a machine shared with other work, CPU per product is the
// figure to trust; throughput measures the neighbours too.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_MS = 100 / 1000;

/** CPU ms used so far by each backend of `database`, by process id. */
export function backendsCpu(database: string): Map<number, number> {
  const found = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(database)) continue;
      found.set(Number(entry), processCpu(Number(entry)));
    } catch {
      // the process ended meanwhile
    }
  }
  return found;
}

/** CPU ms a process of this machine has used so far (user and system). */
export function processCpu(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_MS;
}

/** CPU ms the backends of `database` used since `before` (a backend that ended meanwhile is not counted). */
export function backendsCpuSince(database: string, before: Map<number, number>): number {
  let ms = 0;
  for (const [pid, now] of backendsCpu(database)) ms += now - (before.get(pid) ?? 0);
  return ms;
}

/** The database a connection string names. */
export function databaseOf(connectionString: string): string {
  return new URL(connectionString).pathname.replace(/^\//, '');
}
