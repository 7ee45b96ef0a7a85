import { describe, expect, it } from 'vitest';
import { pathKey } from './site-paths';

describe('the path key', () => {
  it('ignores letter case and trailing slashes', () => {
    expect(pathKey('/Creativegraphicdesign-training/')).toBe('/creativegraphicdesign-training');
    expect(pathKey('/portfolio-9012345/PlanetLaundromat//')).toBe('/portfolio-9012345/planetlaundromat');
  });

  it('keeps the home page as "/", however many slashes it is asked with', () => {
    expect(pathKey('/')).toBe('/');
    expect(pathKey('//')).toBe('/');
  });
});
