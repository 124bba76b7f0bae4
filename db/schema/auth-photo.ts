import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './auth.ts';
import { bytes, createdAt } from './columns.ts';

/**
 * A user's profile photo: square, cropped and re-encoded in the browser, checked on upload, served
 * by GET /api/users/{id}/photo to members of the same company. At most 1 MiB, below D1's row limit.
 */
export const userPhotos = sqliteTable('user_photos', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  contentType: text().notNull(),
  bytes: bytes().notNull(),
  width: integer().notNull(),
  height: integer().notNull(),
  updatedAt: createdAt(),
});
