import { describe, expect, it } from 'vitest';
import { breakpointOf, deviceClassOf, smallTargets } from './responsive-checks.ts';

describe('the responsive test suite’s rules (spec §9)', () => {
  it('names the breakpoint and the device class of a width', () => {
    expect([319, 320, 390, 640, 768, 1023, 1024, 1280, 1440, 1536].map(breakpointOf)).toEqual([
      'below xs',
      'xs',
      'xs',
      'sm',
      'md',
      'md',
      'lg',
      'xl',
      'xl',
      '2xl',
    ]);
    expect([390, 767, 768, 1023, 1024, 1440].map(deviceClassOf)).toEqual(['mobile', 'mobile', 'tablet', 'tablet', 'desktop', 'desktop']);
  });

  it('finds targets under 44 px either way, leaving links inside sentences alone', () => {
    const targets = [
      { label: 'Save', width: 120, height: 44, inline: false },
      { label: 'Close', width: 32, height: 32, inline: false },
      { label: 'Thin', width: 200, height: 40, inline: false },
      { label: 'terms', width: 40, height: 20, inline: true },
    ];
    expect(smallTargets(targets).map((target) => target.label)).toEqual(['Close', 'Thin']);
  });
});
