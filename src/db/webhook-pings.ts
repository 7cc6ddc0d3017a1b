import type { SqlRunner } from './database.ts';

/** How many pings the endpoint was sent in the last hour, and in how many seconds the oldest of them leaves that hour. */
export async function pingsInLastHour(db: SqlRunner, endpointId: string): Promise<{ count: number; oldestLeavesInSeconds: number }> {
  const [row] = await db.query<{ count: number; leaves: number | null }>(
    `SELECT count(*)::int AS count, ceil(extract(epoch FROM min(ev.created_at) + interval '1 hour' - now()))::int AS leaves
     FROM webhook_deliveries d JOIN webhook_events ev ON ev.id = d.event_id
     WHERE d.endpoint_id = $1 AND ev.type = 'ping' AND d.created_at > now() - interval '1 hour'`,
    [endpointId],
  );
  return { count: row?.count ?? 0, oldestLeavesInSeconds: row?.leaves ?? 0 };
}
