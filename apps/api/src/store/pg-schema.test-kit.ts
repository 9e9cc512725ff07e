import { randomBytes } from 'node:crypto';
import { PgStore } from './pg-store.ts';

/** Prefix of the schemas tests create, so a crashed run's leftovers are easy to find and drop. */
const testSchemaPrefix = 'store_test_';

/**
 * Creates a fresh, uniquely named schema for a test run on PostgreSQL, so reruns and parallel test
 * files never see each other's tables. `drop()` removes it.
 */
export async function createTestSchema(
  databaseUrl: string,
): Promise<{ schema: string; drop: () => Promise<void> }> {
  const schema = `${testSchemaPrefix}${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new PgStore({ connectionString: databaseUrl, max: 1 });
  try {
    await admin.exec(`CREATE SCHEMA ${schema}`);
  } finally {
    await admin.close();
  }
  return {
    schema,
    drop: async () => {
      const dropper = new PgStore({ connectionString: databaseUrl, max: 1 });
      try {
        await dropper.exec(`DROP SCHEMA ${schema} CASCADE`);
      } finally {
        await dropper.close();
      }
    },
  };
}
