import type { Migration } from 'kysely';
import { initialSchema } from './0001-initial';

/** Every migration, in order. Imported statically so the production bundle carries them. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': initialSchema,
};
