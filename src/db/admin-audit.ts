import type { SqlRunner } from './database.ts';

export interface AdminAuditEntry {
  /** An admin token's id; `local` (the server's own credential); `cli` (the CLI on the database). */
  actor: string;
  action: string;
  target: string;
  requestId: string | null;
  details: Readonly<Record<string, unknown>>;
}

export interface AdminAuditRow {
  id: string;
  at: Date;
  actor: string;
  action: string;
  target: string;
  request_id: string | null;
  details: Record<string, unknown>;
}

export async function recordAdminAction(db: SqlRunner, entry: AdminAuditEntry): Promise<void> {
  await db.query('INSERT INTO admin_audit (actor, action, target, request_id, details) VALUES ($1, $2, $3, $4, $5::jsonb)', [
    entry.actor,
    entry.action,
    entry.target,
    entry.requestId,
    JSON.stringify(entry.details),
  ]);
}

/** Newest first: `limit` entries older than the entry `before` (all, when null). */
export async function listAdminAudit(db: SqlRunner, page: { before: string | null; limit: number }): Promise<AdminAuditRow[]> {
  return db.query<AdminAuditRow>(
    `SELECT id::text AS id, at, actor, action, target, request_id, details FROM admin_audit
     WHERE ($1::bigint IS NULL OR admin_audit.id < $1::bigint) ORDER BY admin_audit.id DESC LIMIT $2`,
    [page.before, page.limit],
  );
}
