import { seasonWindow } from '@murimi/core';
import { describe, expect, it } from 'vitest';
import { seasonEndedMessage } from './analysis-inputs.ts';

describe('seasonEndedMessage', () => {
  it('names an ended season by its dates as the advice writes them, the years shown where they differ', () => {
    const season = seasonWindow({ plantingDate: '2025-11-10', harvestDate: '2026-04-20', cropType: 'maize-grain' }, '2026-11-25');
    expect(seasonEndedMessage('irrigation', season)).toBe(
      "The crop planted on 10 Nov 2025 was harvested on 20 Apr 2026. Add the new season's planting date to this field to get irrigation advice.",
    );
  });

  it('says nothing while the season runs', () => {
    const season = seasonWindow({ plantingDate: '2026-11-01', harvestDate: null, cropType: 'maize-grain' }, '2026-11-25');
    expect(seasonEndedMessage('yield', season)).toBeNull();
  });
});
