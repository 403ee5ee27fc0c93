import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PlotEvents, PlotSpec } from './plot.ts';
import { TimeSeriesChart } from './index.ts';

/** The chart library stands in as a fake that loads only when the test lets it, and records what it was asked to draw. */
const library = vi.hoisted(() => {
  let release = () => {};
  const loaded = new Promise<void>((resolve) => (release = resolve));
  return {
    loaded,
    release: () => release(),
    drawn: [] as { spec: PlotSpec; events: PlotEvents }[],
    destroyed: 0,
  };
});

vi.mock('./plot.ts', async () => {
  await library.loaded;
  return {
    createPlot: (_element: HTMLElement, spec: PlotSpec, events: PlotEvents) => {
      library.drawn.push({ spec, events });
      return { setWidth: () => {}, redraw: () => {}, destroy: () => (library.destroyed += 1) };
    },
  };
});

const dates = ['2026-01-03', '2026-01-12', '2026-01-20', '2026-02-28'];
const ndvi = { label: 'NDVI', unit: '', values: [0.52, 0.38, null, 0.71] };
const summary = 'NDVI, 3 readings from 3 Jan 2026 to 28 Feb 2026: latest 0.71 on 28 Feb 2026.';

describe('TimeSeriesChart', () => {
  it('shows its title and summary, and keeps its height, before the chart library has loaded', () => {
    const { container } = render(
      <TimeSeriesChart title="Crop vigour (NDVI)" dates={dates} lines={[ndvi]} summary={summary} height={260} />,
    );
    const figure = screen.getByRole('figure', { name: 'Crop vigour (NDVI)' });
    expect(figure.textContent).toContain(summary);
    expect(screen.getByRole('status').textContent).toBe('Loading the chart…');
    expect(figure.querySelector<HTMLElement>('[style*="min-height"]')?.style.minHeight).toBe('260px');
    expect(library.drawn).toHaveLength(0);
    // Without a way to select days there is nothing to choose.
    expect(container.querySelector('select')).toBeNull();
  });

  it('draws once loaded, selects the nearest reading on a click, and offers the same choice as a list of dates', async () => {
    const onSelectDate = vi.fn();
    const user = userEvent.setup();
    const { unmount } = render(
      <TimeSeriesChart
        title="Crop vigour (NDVI)"
        dates={dates}
        lines={[ndvi]}
        summary={summary}
        onSelectDate={onSelectDate}
        selectedDate={null}
      />,
    );
    act(() => library.release());
    await waitFor(() => expect(screen.getByTestId('time-series-chart')).toHaveProperty('dataset.chart', 'ready'));
    const { spec, events } = library.drawn.at(-1)!;
    expect(spec.dates).toEqual(dates);
    expect(spec.height).toBe(220);

    // 20 Jan has no reading: the click picks 12 Jan, the nearest day that has one.
    events.onPick(2);
    expect(onSelectDate).toHaveBeenLastCalledWith('2026-01-12');

    const list = screen.getByRole('combobox', { name: 'Choose a date on “Crop vigour (NDVI)”' });
    const options = [...list.querySelectorAll('option')].map((option) => option.textContent);
    expect(options).toEqual(['No date chosen', '3 Jan 2026: NDVI 0.52', '12 Jan 2026: NDVI 0.38', '28 Feb 2026: NDVI 0.71']);
    await user.selectOptions(list, '2026-02-28');
    expect(onSelectDate).toHaveBeenLastCalledWith('2026-02-28');

    unmount();
    expect(library.destroyed).toBeGreaterThan(0);
  });

  it('does not draw again when the parent passes equal data in new arrays', async () => {
    const view = <TimeSeriesChart title="Rain" dates={[...dates]} lines={[{ ...ndvi, values: [...ndvi.values] }]} summary={summary} />;
    const { rerender } = render(view);
    await waitFor(() => expect(screen.getByTestId('time-series-chart')).toHaveProperty('dataset.chart', 'ready'));
    const before = library.drawn.length;
    rerender(<TimeSeriesChart title="Rain" dates={[...dates]} lines={[{ ...ndvi, values: [...ndvi.values] }]} summary={summary} />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(library.drawn.length).toBe(before);
    rerender(<TimeSeriesChart title="Rain" dates={[...dates]} lines={[{ ...ndvi, values: [0.5, 0.38, null, 0.71] }]} summary={summary} />);
    await waitFor(() => expect(library.drawn.length).toBe(before + 1));
  });
});
