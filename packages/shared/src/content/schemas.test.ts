import { describe, expect, it } from 'vitest';
import { ContentPublishSchemas, formatNaira } from './schemas';
import { CONTENT_SEED } from './seed';

const creative = CONTENT_SEED.training.find((item) => item.slug === 'creative')!.data;

describe('publishing a training', () => {
  it('takes the seed, whose words name exactly its fees', () => {
    expect(creative.metaDescription).toContain('N200,000');
    expect(ContentPublishSchemas.training.safeParse(creative).success).toBe(true);
  });

  it('refuses a fee changed in the price list but still named in the words, at the field that names it', () => {
    const changed = {
      ...creative,
      prices: creative.prices.map((price) => (price.feeNaira === 200_000 ? { ...price, feeNaira: 235_000 } : price)),
    };
    const result = ContentPublishSchemas.training.safeParse(changed);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['metaDescription', 'This still names N200,000, which is not one of the fees: write the fees as they are now.'],
    ]);
    const rewritten = {
      ...changed,
      metaDescription: changed.metaDescription.replace('N200,000', formatNaira(235_000)),
    };
    expect(ContentPublishSchemas.training.safeParse(rewritten).success).toBe(true);
  });

  it('reads a whole figure, not a fee that begins the same (N200,000 is not N20,000)', () => {
    const prices = [{ schedule: 'Weekday' as const, feeNaira: 20_000, duration: '8 weeks' }];
    const result = ContentPublishSchemas.training.safeParse({ ...creative, prices, metaDescription: 'From N200,000.' });
    expect(result.success).toBe(false);
    expect(
      ContentPublishSchemas.training.safeParse({ ...creative, prices, metaDescription: 'From N20,000.' }).success,
    ).toBe(true);
  });
});
