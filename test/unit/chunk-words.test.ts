import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { positionsOf } from '@/terminal/shared/i18n/chunkWords';
import { gapsOf } from '../../vite.config';

describe("a chunk's places in its part of the catalogue, written as gaps", () => {
  it('reads back as the build wrote them: small gaps a digit each, large ones between dots', () => {
    expect(gapsOf([0, 1, 2, 40, 41, 1000])).toBe('000.11.0.qm.');
    expect(positionsOf('000.11.0.qm.')).toEqual([0, 1, 2, 40, 41, 1000]);
    expect(positionsOf('')).toEqual([]);
  });

  it('any ascending places', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(5000), { maxLength: 300 }), (places) => {
        const ascending = [...places].sort((a, b) => a - b);
        expect(positionsOf(gapsOf(ascending))).toEqual(ascending);
      }),
    );
  });
});
