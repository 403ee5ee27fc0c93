import type { FieldSummary } from '@murimi/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import fertilizerResult from '../../../../../../packages/core/src/analysis-results/fixtures/fertilizer-result.json';
import { todayIso } from '../../../lib/format.ts';
import { onePage, stubServer, type SentRequest } from '../../../lib/testing/fetch-stub.ts';
import { registerApplicationMutations } from '../api/applications.ts';
import { FertilizerAdvice } from './FertilizerAdvice.tsx';
import { LogApplicationCard, type Prefill } from './LogApplicationCard.tsx';

afterEach(() => vi.unstubAllGlobals());

const FIELD = '7c6f0f8e-0000-4000-8000-000000000001';
const ANALYSIS = '7c6f0f8e-0000-4000-8000-0000000000ff';
// The fixture's field: 3.9987 ha, so 81 kg/ha of urea is 323.9 kg = 7 bags of 50 kg.
const field = { id: FIELD, name: 'Chongwe maize', size_hectares: 3.9986528022289276 } as FieldSummary;
const summary = {
  id: ANALYSIS,
  field_id: FIELD,
  type: 'fertilizer',
  status: 'completed',
  analysis_date: '2026-11-25',
  requested_at: '2026-11-25T06:00:00Z',
  started_at: '2026-11-25T06:00:01Z',
  finished_at: '2026-11-25T06:00:09Z',
  summary: 'Apply now.',
  simulated: true,
  error: null,
  stage: 'computing',
  stage_at: '2026-11-25T06:00:08Z',
};
const soilTest = {
  id: 'soil-1',
  fieldId: FIELD,
  nitrogen: 18,
  phosphorus: 12,
  potassium: 140,
  unit: 'ppm',
  ph: 5.6,
  organicMatter: null,
  ec: null,
  sampleDate: '2026-09-16',
  depthCm: null,
  lab: null,
  notes: null,
  createdAt: '2026-09-16T08:00:00Z',
  lastModified: '2026-09-16T08:00:00Z',
};

function serve(result: unknown = fertilizerResult): SentRequest[] {
  return stubServer(({ method, path, body }) => {
    if (path === `/api/analysis/${FIELD}/latest-summaries`)
      return { status: 200, body: { data: { health: null, yield: null, irrigation: null, fertilizer: summary } } };
    if (path === `/api/analysis/${FIELD}/fertilizer/${ANALYSIS}`)
      return { status: 200, body: { data: { ...summary, inputs: {}, result } } };
    if (method === 'GET' && path.startsWith('/api/soil-tests')) return onePage([soilTest]);
    if (method === 'GET' && path.startsWith('/api/fertilizer-applications')) return onePage([]);
    if (method === 'POST' && path === '/api/fertilizer-applications') {
      const input = body as Record<string, number | string>;
      const rate = input.rateKgPerHa as number;
      return {
        status: 201,
        body: {
          data: {
            ...input,
            nitrogenKgPerHa: (rate * (input.nitrogenPct as number)) / 100,
            phosphateKgPerHa: 0,
            potashKgPerHa: 0,
            createdAt: '2026-11-25T07:00:00Z',
            lastModified: '2026-11-25T07:00:00Z',
          },
        },
      };
    }
    return undefined;
  });
}

/** The advice and the application form as the Fertilizer Management screen wires them. */
function Screen() {
  const [prefill, setPrefill] = useState<Prefill | null>(null);
  return (
    <>
      <FertilizerAdvice field={field} onLog={(values) => setPrefill((previous) => ({ key: (previous?.key ?? 0) + 1, values }))} />
      <LogApplicationCard fields={[field]} initialFieldId="" prefill={prefill} />
    </>
  );
}

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  registerApplicationMutations(client);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Screen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('fertilizer advice on the Fertilizer Management screen', () => {
  it('shows the N, P₂O₅ and K₂O still needed, the bags to buy and the reasons, marked simulated', async () => {
    serve();
    renderScreen();
    await screen.findByText(fertilizerResult.headline);
    const advice = within(screen.getByRole('region', { name: 'Fertilizer advice for Chongwe maize' }));
    expect(advice.getByText('Simulated')).toBeTruthy();
    const stillNeeded = advice.getByText('Still needed this season').parentElement!.textContent;
    expect(stillNeeded).toContain('N (nitrogen)37.2 kg/ha');
    expect(stillNeeded).toContain('P₂O₅ (phosphate)9.3 kg/ha');
    expect(stillNeeded).toContain('K₂O (potash)3.5 kg/ha');
    expect(advice.getByText('Urea (46-0-0): 81 kg/ha')).toBeTruthy();
    expect(advice.getByText('324 kg for 4 ha = 7 bags of 50 kg (26 kg left over)')).toBeTruthy();

    const reasons = within(screen.getByRole('region', { name: 'Why this advice' }));
    // The soil test's values beside the guide's thresholds, rated.
    const phosphorus = (await reasons.findByText('12 ppm')).closest('div')!;
    expect(phosphorus.textContent).toContain('Phosphorus (P)');
    expect(phosphorus.textContent).toContain('Low');
    expect(phosphorus.textContent).toContain('low below 15 ppm, high above 30 ppm');
    // Removal by the target yield and what was already applied, kg/ha.
    const p = within(reasons.getByRole('region', { name: 'P₂O₅ (phosphate): how much and why' }));
    expect(p.getByText('Removed by the target yield').nextElementSibling!.textContent).toBe('36.3 kg/ha');
    expect(p.getByText('Already applied this season').nextElementSibling!.textContent).toBe('− 42 kg/ha');
    expect(reasons.getByText('Sufficiency index 0.911 (top-dress suggested below 0.95)')).toBeTruthy();

    const calculator = within(screen.getByRole('region', { name: 'Bag calculator' }));
    expect((calculator.getByLabelText('Product') as HTMLSelectElement).value).toBe('urea');
    expect((calculator.getByLabelText('Rate (kg of product per ha)') as HTMLInputElement).value).toBe('81');
    expect(calculator.getByText('7 bags of 50 kg')).toBeTruthy();
  });

  it('sizes the bag calculator to the product the farmer chooses, or their own grade', async () => {
    serve();
    const user = userEvent.setup();
    renderScreen();
    const calculator = within(await screen.findByRole('region', { name: 'Bag calculator' }));
    await user.selectOptions(calculator.getByLabelText('Product'), 'ammonium-nitrate');
    // 37.2 kg N ÷ 34.5 % = 108 kg/ha; × 4 ha = 431.9 kg → 9 bags.
    expect((calculator.getByLabelText('Rate (kg of product per ha)') as HTMLInputElement).value).toBe('108');
    expect(calculator.getByText('9 bags of 50 kg')).toBeTruthy();
    expect(calculator.getByText('Supplies N 37.3 · P₂O₅ 0 · K₂O 0 kg/ha')).toBeTruthy();

    await user.selectOptions(calculator.getByLabelText('Product'), 'own');
    await user.type(calculator.getByLabelText('Product name'), 'Nitro 30');
    await user.type(calculator.getByLabelText('N %'), '30');
    // 37.2 ÷ 30 % = 124 kg/ha; × 4 ha = 495.8 kg → 10 bags.
    expect((calculator.getByLabelText('Rate (kg of product per ha)') as HTMLInputElement).value).toBe('124');
    expect(calculator.getByText('10 bags of 50 kg')).toBeTruthy();
  });

  it('"Log this application" fills the form in from the advice — product, grade, rate, today — and saves it', async () => {
    const sent = serve();
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Log this application' }));

    const form = within(screen.getByRole('region', { name: 'Log an application' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Log an application' }));
    expect(form.getByText('Filled in from the advice: check the product, rate and date, then save.')).toBeTruthy();
    const value = (label: string) => (form.getByLabelText(label) as HTMLInputElement | HTMLSelectElement).value;
    expect(value('Field')).toBe(FIELD);
    expect(value('Product name')).toBe('Urea');
    expect([value('N %'), value('P₂O₅ %'), value('K₂O %')]).toEqual(['46', '0', '0']);
    expect(value('Rate (kg/ha)')).toBe('81');
    expect(value('Application date')).toBe(todayIso());
    expect(value('Method')).toBe('top-dress');
    expect(form.getByText('Delivers 37.3 kg N, 0 kg P₂O₅ and 0 kg K₂O per hectare.')).toBeTruthy();

    await user.click(form.getByRole('button', { name: 'Save application' }));
    await waitFor(() => expect(sent.filter((request) => request.method === 'POST')).toHaveLength(1));
    expect(sent.find((request) => request.method === 'POST')!.body).toMatchObject({
      fieldId: FIELD,
      product: 'Urea',
      nitrogenPct: 46,
      phosphatePct: 0,
      potashPct: 0,
      rateKgPerHa: 81,
      applicationDate: todayIso(),
      method: 'top-dress',
    });
    // The form is blank again for the next one.
    await waitFor(() => expect(value('Product name')).toBe(''));
  });

  it('shows why advice is withheld, with when to look again, and offers no logging of the held application', async () => {
    const heavyRain = {
      suppressed: true,
      rule: 'heavy-rain-forecast',
      reason: 'Heavy rain is forecast in the next 48 hours: it would wash the nitrogen away.',
      lookAgainAfter: { date: '2026-11-28', condition: 'once the heavy rain has passed' },
      appliesTo: 'nitrogen-top-dress',
      standing: 'sourced',
      source: 'Extension guide',
    };
    const [topDress] = fertilizerResult.events;
    serve({
      ...fertilizerResult,
      headline: 'Hold the N top-dress.',
      suppressions: [heavyRain],
      events: [{ ...topDress, action: 'hold', suppressions: [heavyRain] }],
    });
    renderScreen();
    await screen.findByText('Hold the N top-dress.');
    const advice = within(screen.getByRole('region', { name: 'Fertilizer advice for Chongwe maize' }));
    const banners = advice.getAllByRole('note');
    expect(banners.length).toBeGreaterThan(0);
    const banner = banners[0]!.textContent;
    expect(banner).toContain('Advice held back: heavy rain forecast');
    expect(banner).toContain(heavyRain.reason);
    expect(banner).toContain('Look again: after 28 Nov 2026 — once the heavy rain has passed');
    expect(banner).toContain('Holds back the nitrogen top-dress.');
    expect(advice.getByText('Held back')).toBeTruthy();
    expect(advice.queryByRole('button', { name: 'Log this application' })).toBeNull();
  });

  it('says how to get advice when the field has none yet', async () => {
    stubServer(({ method, path }) => {
      if (path === `/api/analysis/${FIELD}/latest-summaries`)
        return { status: 200, body: { data: { health: null, yield: null, irrigation: null, fertilizer: null } } };
      if (method === 'GET' && path.startsWith('/api/fertilizer-applications')) return onePage([]);
      return undefined;
    });
    renderScreen();
    expect(await screen.findByText('No fertilizer advice for this field yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Get fertilizer advice' })).toBeTruthy();
    // The calculator works without advice: no rate until the farmer gives one.
    expect(screen.getByText('Enter a rate above 0 kg/ha.')).toBeTruthy();
  });
});
