// One module graph for bench/backup.mjs: tsImport of two files would load lib/db.ts twice, and a database opened by
// one copy is unknown to the other's driverOf().
export { createTestContext, signedInStaff, userIdOf } from '../src/test/test-context';
export { generateEnquiries, insertGenerated } from '../src/modules/reports/reports-fixtures';
export { createBackup, restoreBackup } from '../src/modules/backup/backup.service';
export { openDatabase } from '../src/lib/db';
export { createFreshDatabase, seededRandom } from '@agency/testing';
