import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { soilTest } from '../soil-test-fixture.ts';
import { SoilGauges } from './SoilGauges.tsx';

const gauge = (reading: string) => screen.getByTestId(`soil-gauge-${reading}`);

describe('the soil gauges', () => {
  it('shows each reading with its unit, its rating and a meter placed in the guide bands', () => {
    render(
      <SoilGauges
        test={soilTest({ nitrogen: 12, phosphorus: 21, potassium: 210, ph: 5.2, lab: 'Chemistry and Soil Research Institute' })}
        cropType="maize-grain"
      />,
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Latest soil test, 1 Oct 2026');
    expect(screen.getByText('Sampled to 20 cm depth · lab: Chemistry and Soil Research Institute')).toBeTruthy();

    const n = within(gauge('nitrogen'));
    expect(n.getByTestId('soil-gauge-value').textContent).toBe('12 ppm');
    const meter = n.getByRole('meter', { name: 'Nitrogen (N)' });
    expect(meter.getAttribute('aria-valuenow')).toBe('12');
    expect(meter.getAttribute('aria-valuetext')).toBe('12 ppm, Low (below 20 ppm) on the soil test of 1 Oct 2026');
    expect(n.getByTestId('soil-gauge-mark').getAttribute('data-position')).toBe((12 / 60).toFixed(4));
    expect(n.getByRole('list', { name: 'Guide bands of Nitrogen (N)' }).textContent).toBe(
      'Low below 20 ppmMedium 20–40 ppmHigh above 40 ppm',
    );
    expect(n.getByText(/the maize will need its full N rate/)).toBeTruthy();

    expect(within(gauge('phosphorus')).getByRole('meter').getAttribute('aria-valuetext')).toMatch(/^21 ppm, Medium \(15–30 ppm\)/);
    expect(within(gauge('potassium')).getByRole('meter').getAttribute('aria-valuetext')).toMatch(/^210 ppm, High \(above 200 ppm\)/);
    const ph = within(gauge('ph'));
    expect(ph.getByTestId('soil-gauge-value').textContent).toBe('5.2');
    expect(ph.getByRole('meter', { name: 'pH' }).getAttribute('aria-valuetext')).toMatch(/^5.2, Acidic \(below 6\)/);
    expect(ph.getByText(/lime first/)).toBeTruthy();
    // Organic matter and EC were not measured: no gauge for them.
    expect(screen.queryByTestId('soil-gauge-organicMatter')).toBeNull();
  });

  it('shows organic matter and EC when measured, unbanded, and says why a % reading is not rated', () => {
    render(<SoilGauges test={soilTest({ unit: '%', nitrogen: 0.12, potassium: null, organicMatter: 2.4, ec: 0.35 })} cropType={null} />);
    const n = within(gauge('nitrogen'));
    expect(n.getByTestId('soil-gauge-value').textContent).toBe('0.12 %');
    expect(n.queryByRole('meter')).toBeNull();
    expect(n.getByText('Reported in %, so it is not rated: the guide bands are in ppm.')).toBeTruthy();
    expect(within(gauge('potassium')).getByText('Not measured in this test.')).toBeTruthy();
    expect(within(gauge('organicMatter')).getByTestId('soil-gauge-value').textContent).toBe('2.4 %');
    expect(within(gauge('ec')).getByTestId('soil-gauge-value').textContent).toBe('0.35 dS/m');
    expect(within(gauge('ec')).getByText('Shown as measured: the guide sets no band for it.')).toBeTruthy();
    // Without a crop on the field the screen says the sentences are general.
    expect(screen.getByText(/This field has no crop set/)).toBeTruthy();
    expect(within(gauge('ph')).getByText(/optimal band \(6–7\): the nutrients in the soil are available to the crop/)).toBeTruthy();
  });
});
