import { describe, expect, it } from 'vitest';
import { chargeDescription } from '../../src/platform/services/checkout';
import { hasLoneSurrogate } from '../../src/lib/text';

describe('the description of a charge', () => {
  it('keeps 500 characters without cutting an emoji in half', () => {
    const description = chargeDescription('x'.repeat(497), ['🍞 Sourdough']);
    expect(description).toBe(`${'x'.repeat(497)}: 🍞`);
    expect(hasLoneSurrogate(description)).toBe(false);
    expect(chargeDescription('Alpine', ['Workshop', 'Kit'])).toBe('Alpine: Workshop, Kit');
  });
});
