import { describe, expect, it } from 'vitest';
import { defaultIrrigationMethod } from './irrigation-method.ts';

describe('the method a new irrigation log starts at', () => {
  it('is the method of the field’s latest irrigation first', () => {
    expect(defaultIrrigationMethod({ fieldName: 'Centre pivot', latestFieldMethod: 'drip', lastChoice: 'furrow' })).toBe('drip');
  });

  it('is the centre pivot for a field named after one, whatever was chosen on other fields', () => {
    expect(defaultIrrigationMethod({ fieldName: 'Centre pivot', latestFieldMethod: null, lastChoice: 'bucket' })).toBe('pivot');
    expect(defaultIrrigationMethod({ fieldName: 'Pivot 2 (north)', latestFieldMethod: undefined, lastChoice: null })).toBe('pivot');
    expect(defaultIrrigationMethod({ fieldName: 'Pivotal block', latestFieldMethod: null, lastChoice: null })).toBe('sprinkler');
  });

  it('is the person’s last choice for another field, and sprinkler when there is none or it is unknown', () => {
    expect(defaultIrrigationMethod({ fieldName: 'Vlei Block', latestFieldMethod: null, lastChoice: 'bucket' })).toBe('bucket');
    expect(defaultIrrigationMethod({ fieldName: 'Vlei Block', latestFieldMethod: null, lastChoice: null })).toBe('sprinkler');
    expect(defaultIrrigationMethod({ fieldName: 'Vlei Block', latestFieldMethod: 'hose', lastChoice: 'canal' })).toBe('sprinkler');
  });
});
