import type { MaintenanceNotice, MaintenanceNoticeInput } from '@siteseer/core';
import type { Queryable } from '../store/types.ts';

interface NoticeRow {
  title: string;
  message: string;
  starts_at: Date;
  ends_at: Date;
  creator: string;
  created_at: Date;
}

export async function findNotice(db: Queryable): Promise<MaintenanceNotice | undefined> {
  const { rows } = await db.query<NoticeRow>(
    'SELECT title, message, starts_at, ends_at, creator, created_at FROM maintenance_notice WHERE id = 1',
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    title: row.title,
    message: row.message,
    start: row.starts_at.toISOString(),
    end: row.ends_at.toISOString(),
    creator: row.creator,
    created: row.created_at.toISOString(),
    duration: row.ends_at.getTime() - row.starts_at.getTime(),
  };
}

export async function saveNotice(
  db: Queryable,
  notice: MaintenanceNoticeInput,
  creator: string,
): Promise<void> {
  await db.query(
    `INSERT INTO maintenance_notice (id, title, message, starts_at, ends_at, creator, created_at)
     VALUES (1, $1, $2, $3, $4, $5, now())
     ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, message = EXCLUDED.message,
       starts_at = EXCLUDED.starts_at, ends_at = EXCLUDED.ends_at, creator = EXCLUDED.creator, created_at = now()`,
    [notice.title, notice.message, notice.start, notice.end, creator],
  );
}

export async function deleteNotice(db: Queryable): Promise<void> {
  await db.query('DELETE FROM maintenance_notice WHERE id = 1');
}
