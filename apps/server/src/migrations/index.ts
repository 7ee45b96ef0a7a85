import type { Migration } from 'kysely';
import { initialSchema } from './0001-initial';
import { installationClaimNeverReopens } from './0002-installation-claim-never-reopens';

/** Every migration, in order. Imported statically so the production bundle carries them. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': initialSchema,
  '0002-installation-claim-never-reopens': installationClaimNeverReopens,
};
