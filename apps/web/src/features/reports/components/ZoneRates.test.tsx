import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubServer } from '../../../lib/testing/fetch-stub.ts';
import type { ManagementZonesView } from '@murimi/core';
import { ZoneRates } from './ManagementZonesPanel.tsx';

const FIELD_ID = '7c6f0f8e-0000-4000-8000-000000000001';

const ZONES = {
  fieldId: FIELD_ID,
  zoneCount: 3,
  classes: [
    { zone: 1, meanNdvi: 0.44, centroidNdvi: 0.44, areaHa: 5, partCount: 1 },
    { zone: 2, meanNdvi: 0.6, centroidNdvi: 0.6, areaHa: 10, partCount: 2 },
    { zone: 3, meanNdvi: 0.62, centroidNdvi: 0.62, areaHa: 9, partCount: 1 },
  ],
} as ManagementZonesView;

beforeEach(() => {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:prescription'), revokeObjectURL: vi.fn() }));
});
afterEach(() => vi.unstubAllGlobals());

describe('the zone rates of a prescription', () => {
  it('starts each zone at the advised rate and totals rate × area for the field', () => {
    render(<ZoneRates fieldId={FIELD_ID} zones={ZONES} advised={{ rateKgPerHa: 100, product: 'Urea' }} />);
    expect((screen.getByLabelText('Zone 2 rate (kg/ha)') as HTMLInputElement).value).toBe('100');
    expect(screen.getByTestId('prescription-total').textContent).toBe('Whole field: 2,400 kg of product over 24.00 ha.');
    fireEvent.change(screen.getByLabelText('Zone 1 rate (kg/ha)'), { target: { value: '200' } });
    expect(screen.getByTestId('prescription-total').textContent).toBe('Whole field: 2,900 kg of product over 24.00 ha.');
  });

  it('names a wrong rate beside its zone and asks the server nothing', () => {
    const sent = stubServer(() => undefined);
    render(<ZoneRates fieldId={FIELD_ID} zones={ZONES} advised={null} />);
    fireEvent.change(screen.getByLabelText('Zone 1 rate (kg/ha)'), { target: { value: '-5' } });
    fireEvent.change(screen.getByLabelText('Zone 2 rate (kg/ha)'), { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download Shapefile (.zip)' }));
    expect(screen.getByText('A rate cannot be negative.')).toBeTruthy();
    expect(screen.getByText('Enter a rate in kg/ha.')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('sends the typed rates, zone 1 first, for the Shapefile and says which file came', async () => {
    const sent = stubServer(() => ({ status: 200, body: {} }));
    render(<ZoneRates fieldId={FIELD_ID} zones={ZONES} advised={{ rateKgPerHa: 100, product: 'Urea' }} />);
    fireEvent.change(screen.getByLabelText('Zone 3 rate (kg/ha)'), { target: { value: '130,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download Shapefile (.zip)' }));
    await screen.findByText(/^Downloaded /);
    expect(sent).toEqual([
      {
        method: 'POST',
        path: `/api/fields/${FIELD_ID}/prescription?format=shapefile`,
        body: { zones: 3, ratesKgPerHa: [100, 100, 130.5], product: 'Urea' },
      },
    ]);
  });
});
