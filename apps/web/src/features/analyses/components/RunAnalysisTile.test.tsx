import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '../../toasts/toast-store.ts';
import { ToastStack } from '../../toasts/ToastStack.tsx';
import { runAnalysis } from '../analysis-runs.ts';
import { RunAnalysisTile } from './RunAnalysisTile.tsx';

vi.mock('../analysis-runs.ts', () => ({ runAnalysis: vi.fn() }));

const fields = [
  { id: '7c6f0f8e-0000-4000-8000-000000000001', name: 'Centre pivot' },
  { id: '7c6f0f8e-0000-4000-8000-000000000002', name: 'Vlei soybean' },
];

afterEach(() => {
  vi.mocked(runAnalysis).mockClear();
  for (const toast of toastStore.getState()) toastStore.dismiss(toast.id);
});

function renderControl(selectedFieldId: string | null) {
  render(
    <>
      <RunAnalysisTile fields={fields} selectedFieldId={selectedFieldId} />
      <ToastStack />
    </>,
  );
  return within(screen.getByRole('form', { name: 'Run an analysis' }));
}

describe('the dashboard run control (spec §5)', () => {
  it('warns "Please select both field and analysis type" and starts nothing while the type is missing', async () => {
    const user = userEvent.setup();
    const control = renderControl(fields[0]!.id);

    await user.click(control.getByRole('button', { name: 'Run' }));

    expect(await screen.findByText('Please select both field and analysis type')).toBeTruthy();
    expect(toastStore.getState()).toEqual([
      expect.objectContaining({ message: 'Please select both field and analysis type', type: 'warning' }),
    ]);
    expect(runAnalysis).not.toHaveBeenCalled();
  });

  it('warns the same while the field is missing, even with a type chosen', async () => {
    const user = userEvent.setup();
    const control = renderControl(null);
    await user.selectOptions(control.getByLabelText('Analysis'), 'Yield estimate');

    await user.click(control.getByRole('button', { name: 'Run' }));

    expect(toastStore.getState().map((toast) => toast.message)).toEqual(['Please select both field and analysis type']);
    expect(runAnalysis).not.toHaveBeenCalled();
  });

  it('runs the chosen analysis of the chosen field with both given', async () => {
    const user = userEvent.setup();
    const control = renderControl(fields[0]!.id);
    await user.selectOptions(control.getByLabelText('Field'), 'Vlei soybean');
    await user.selectOptions(control.getByLabelText('Analysis'), 'Irrigation advice');

    await user.click(control.getByRole('button', { name: 'Run' }));

    expect(runAnalysis).toHaveBeenCalledWith({ fieldId: fields[1]!.id, fieldName: 'Vlei soybean', type: 'irrigation' });
    expect(toastStore.getState()).toEqual([]);
  });
});
