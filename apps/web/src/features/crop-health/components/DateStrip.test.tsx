import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { FieldScene } from '../scene-choice.ts';
import { DateStrip } from './DateStrip.tsx';

const scene = (date: string, usable: boolean, reason: string | null, clearShare: number | null): FieldScene => ({
  date,
  datetime: `${date}T08:00:00Z`,
  sceneId: `S2_${date}`,
  source: 'earth-search',
  sceneCloudCoverPct: null,
  clearShare,
  usable,
  reason,
  mean: usable ? 0.55 : null,
  p10: null,
  p90: null,
  simulated: false,
});

const scenes = [
  scene('2026-01-01', true, null, 0.98),
  scene('2026-01-06', false, 'too-cloudy', 0.12),
  scene('2026-01-11', false, 'outside-scene', 0),
  scene('2026-01-16', true, null, 0.9),
];

function Strip() {
  const [selected, setSelected] = useState(3);
  return (
    <DateStrip scenes={scenes} index="ndvi" selected={selected} period={{ from: '2026-01-01', to: '2026-01-20' }} onSelect={setSelected} />
  );
}

describe('the date strip', () => {
  it('marks unusable dates and says why, and previous/next pass over them', async () => {
    const user = userEvent.setup();
    render(<Strip />);
    const chips = within(screen.getByRole('list', { name: 'Image dates' })).getAllByRole('button');
    expect(chips).toHaveLength(4);
    expect(chips[1]!.textContent).toContain('12 % clear');
    expect(chips[1]!.textContent).toContain('Not used: too much cloud or shadow over the field');
    // A scene that does not cover the field has nothing to draw.
    expect(chips[2]).toHaveProperty('disabled', true);
    expect(chips[3]!.getAttribute('aria-current')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Previous clear image' }));
    expect(chips[0]!.getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('slider', { name: 'Image date' }).getAttribute('aria-valuetext')).toBe('1 Jan 2026, 98 % clear');
    expect(screen.getByRole('button', { name: 'Previous clear image' })).toHaveProperty('disabled', true);

    // The cloudy day can still be looked at; the slider and the text say it is not used, and why.
    await user.click(chips[1]!);
    expect(screen.getByRole('slider', { name: 'Image date' }).getAttribute('aria-valuetext')).toBe(
      '6 Jan 2026, 12 % clear, not used: too much cloud or shadow over the field',
    );
    expect(screen.getByTestId('selected-scene').textContent).toContain('It is not used for the numbers');
    await user.click(screen.getByRole('button', { name: 'Next clear image' }));
    expect(chips[3]!.getAttribute('aria-current')).toBe('true');
  });
});
