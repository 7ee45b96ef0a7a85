import { describe, expect, it } from 'vitest';
import { isoToLagosLocal, lagosLocalToIso, todayInLagos } from './lagos-time';

describe('Lagos time for scheduling', () => {
  it('reads a datetime-local value as Lagos time, whatever the device’s zone', () => {
    expect(lagosLocalToIso('2026-12-01T09:30')).toBe('2026-12-01T09:30:00+01:00');
    expect(Date.parse(lagosLocalToIso('2026-12-01T00:30')!)).toBe(Date.parse('2026-11-30T23:30:00Z'));
  });

  it('gives nothing for an incomplete or impossible value', () => {
    expect(lagosLocalToIso('')).toBeNull();
    expect(lagosLocalToIso('2026-12-01')).toBeNull();
    expect(lagosLocalToIso('2026-13-01T09:30')).toBeNull();
  });

  it('writes an instant back as a Lagos datetime-local value and day', () => {
    expect(isoToLagosLocal('2026-11-30T23:30:00Z')).toBe('2026-12-01T00:30');
    expect(todayInLagos(new Date('2026-11-30T23:30:00Z'))).toBe('2026-12-01');
  });
});
