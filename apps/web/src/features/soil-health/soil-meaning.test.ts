import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import '../../lib/i18n.ts';
import { soilAdviceCrop, soilMeaning } from './soil-meaning.ts';

const t = i18next.getFixedT('en', 'app');

describe('which wording a crop gets', () => {
  it('groups maize varieties, legumes and tobacco, and names the crop without its variety', () => {
    expect(soilAdviceCrop('maize-grain-sc727')).toEqual({ group: 'maize', name: 'maize' });
    expect(soilAdviceCrop('soybean-early')).toEqual({ group: 'legume', name: 'soybean' });
    expect(soilAdviceCrop('tobacco-flue-cured')).toEqual({ group: 'tobacco', name: 'tobacco' });
    expect(soilAdviceCrop('cabbage').group).toBe('general');
    expect(soilAdviceCrop(null)).toEqual({ group: 'general', name: null });
    expect(soilAdviceCrop('not-a-crop')).toEqual({ group: 'general', name: null });
  });
});

describe('what a soil reading means for the crop', () => {
  it('tells maize on low N to give the full rate with a V6–V8 top-dress', () => {
    expect(soilMeaning(t, { reading: 'nitrogen', level: 'low' }, 'maize-grain')).toBe(
      'Soil nitrogen is low: the maize will need its full N rate, part at planting and a top-dress at V6–V8.',
    );
  });

  it('tells a legume on low N to inoculate rather than add N, naming the crop', () => {
    expect(soilMeaning(t, { reading: 'nitrogen', level: 'low' }, 'soybean')).toBe(
      'Soil nitrogen is low, but soybean makes its own in root nodules: inoculate the seed rather than add N fertilizer.',
    );
  });

  it('warns tobacco about high N and asks for low-chloride potassium', () => {
    expect(soilMeaning(t, { reading: 'nitrogen', level: 'high' }, 'tobacco-flue-cured')).toMatch(/spoils tobacco leaf quality/);
    expect(soilMeaning(t, { reading: 'potassium', level: 'low' }, 'tobacco-flue-cured')).toMatch(/low-chloride source/);
    expect(soilMeaning(t, { reading: 'potassium', level: 'low' }, 'maize-grain')).toMatch(/^Potassium is low: give the maize/);
  });

  it('falls back to the general sentence where a crop has no wording of its own, or the field no crop', () => {
    const general = 'Phosphorus is in the medium band: replace what the harvest removes.';
    expect(soilMeaning(t, { reading: 'phosphorus', level: 'medium' }, 'maize-grain')).toBe(general);
    expect(soilMeaning(t, { reading: 'phosphorus', level: 'medium' }, null)).toBe(general);
    expect(soilMeaning(t, { reading: 'nitrogen', level: 'low' }, 'cabbage')).toBe(
      'Soil nitrogen is low: the crop will need its full fertilizer N rate this season.',
    );
  });

  it('states the pH band from core in the sentence', () => {
    expect(soilMeaning(t, { reading: 'ph', level: 'acidic' }, 'maize-grain')).toBe(
      'The soil is acidic (pH below 6): lime first, since on acid soil much of the fertilizer phosphorus is locked up.',
    );
    expect(soilMeaning(t, { reading: 'ph', level: 'optimal' }, null)).toMatch(/optimal band \(6–7\)/);
  });

  it('says nothing for a reading without a rating', () => {
    expect(soilMeaning(t, { reading: 'nitrogen', level: null }, 'maize-grain')).toBeNull();
    expect(soilMeaning(t, { reading: 'organicMatter', level: null }, 'maize-grain')).toBeNull();
  });

  it('has a sentence for every reading and level in the general wording and in each crop wording it claims', () => {
    const levels = {
      nitrogen: ['low', 'medium', 'high'],
      phosphorus: ['low', 'medium', 'high'],
      potassium: ['low', 'medium', 'high'],
      ph: ['acidic', 'optimal', 'alkaline'],
    } as const;
    for (const crop of ['maize-grain', 'soybean', 'tobacco-flue-cured', 'cabbage', null]) {
      for (const [reading, names] of Object.entries(levels)) {
        for (const level of names) {
          const sentence = soilMeaning(t, { reading: reading as 'nitrogen', level }, crop);
          expect(sentence, `${reading} ${level} ${crop}`).toMatch(/^(pH|[A-Z]).+\.$/);
          expect(sentence).not.toContain('soilHealth.');
          expect(sentence).not.toContain('{{');
        }
      }
    }
  });
});
