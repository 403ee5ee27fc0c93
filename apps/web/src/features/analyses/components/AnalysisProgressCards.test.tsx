import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubServer } from '../../../lib/testing/fetch-stub.ts';
import { ToastStack } from '../../toasts/ToastStack.tsx';
import { analysisRuns } from '../analysis-runs.ts';
import { AnalysisProgressCards } from './AnalysisProgressCards.tsx';
import { RunAnalysisButton } from './RunAnalysisButton.tsx';

const FIELD = '5f0c3a1e-8b2d-4d4e-9a6f-1c2b3d4e5f60';
const ANALYSIS = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

afterEach(() => {
  for (const run of analysisRuns.getState()) analysisRuns.dismiss(run.key);
  vi.unstubAllGlobals();
});

function renderShell() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RunAnalysisButton fieldId={FIELD} fieldName="Kwacha 3" type="health" />
        <AnalysisProgressCards />
        <ToastStack />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('analysis progress cards', () => {
  it('starts from the button, shows a card with its progress and the note, and cancels with the spec toast', async () => {
    const sent = stubServer(({ method, path }) => {
      if (path.endsWith('/latest-summaries'))
        return { status: 200, body: { data: { health: null, yield: null, irrigation: null, fertilizer: null } } };
      if (method === 'POST' && path === `/api/analysis/${FIELD}/health/run`)
        return { status: 202, body: { status: 'accepted', data: { id: ANALYSIS } } };
      if (method === 'DELETE' && path === `/api/analysis/${FIELD}/health/${ANALYSIS}`)
        return { status: 200, body: { message: 'Analysis cancelled successfully' } };
      return undefined;
    });
    const user = userEvent.setup();
    renderShell();

    await user.click(screen.getByRole('button', { name: 'Check crop health' }));
    const card = await screen.findByTestId('analysis-card');
    await waitFor(() => expect(card.dataset.state).toBe('running'));
    expect(within(card).getByText('Crop health · Kwacha 3')).toBeTruthy();
    expect(within(card).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    expect(within(card).getByText('This typically takes 1–3 minutes. You can keep using the app.')).toBeTruthy();
    // The button waits while its analysis runs.
    expect(screen.getByRole('button', { name: /Running… \d+ %/ }).hasAttribute('disabled')).toBe(true);

    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Analysis cancelled successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('analysis-card')).toBeNull());
    expect(sent.map((r) => `${r.method} ${r.path}`)).toContain(`DELETE /api/analysis/${FIELD}/health/${ANALYSIS}`);
  });

  it('shows the spec text of a start that failed and offers to try again', async () => {
    stubServer(({ path }) => {
      if (path.endsWith('/latest-summaries'))
        return { status: 200, body: { data: { health: null, yield: null, irrigation: null, fertilizer: null } } };
      return { status: 500, body: { error: { code: 'INTERNAL', message: 'Internal server error. Please try again later.' } } };
    });
    const user = userEvent.setup();
    renderShell();
    await user.click(screen.getByRole('button', { name: 'Check crop health' }));
    const card = await screen.findByTestId('analysis-card');
    await waitFor(() => expect(card.dataset.state).toBe('failed'));
    expect(within(card).getByRole('alert').textContent).toBe(
      'Analysis request failed. Please try again or contact support if the issue persists.',
    );
    expect(within(card).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('folding the progress cards', () => {
  it('hides the cards behind one button, which counts them and brings them back', async () => {
    stubServer(({ method, path }) => {
      if (path.endsWith('/latest-summaries'))
        return { status: 200, body: { data: { health: null, yield: null, irrigation: null, fertilizer: null } } };
      if (method === 'POST' && path === `/api/analysis/${FIELD}/health/run`)
        return { status: 202, body: { status: 'accepted', data: { id: ANALYSIS } } };
      return undefined;
    });
    const user = userEvent.setup();
    renderShell();
    await user.click(screen.getByRole('button', { name: 'Check crop health' }));
    await screen.findByTestId('analysis-card');

    const fold = screen.getByRole('button', { name: 'Hide analyses' });
    expect(fold.getAttribute('aria-expanded')).toBe('true');
    await user.click(fold);
    // Hidden, not gone: the run goes on and comes back as it is.
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.getByTestId('analysis-card').dataset.state).toMatch(/starting|running/);
    const unfold = screen.getByRole('button', { name: 'Show analysis (1)' });
    expect(unfold.getAttribute('aria-expanded')).toBe('false');
    await user.click(unfold);
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });
});
