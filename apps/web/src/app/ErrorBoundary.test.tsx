import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Outlet, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorReporter } from '../lib/client-log/error-report.ts';
import { clientLog } from '../lib/client-log/install.ts';
import { RouteErrorBoundary } from './ErrorBoundary.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  clientLog.errors = null;
});

function Broken(): never {
  throw new Error('the weather chart read a missing day');
}

/** A frame like the app's: navigation that stays, and the route's screen inside the boundary. */
function Frame() {
  return (
    <>
      <nav>
        <Link to="/broken">Broken screen</Link>
        <Link to="/fields">My Fields</Link>
      </nav>
      <RouteErrorBoundary pathname={useLocation().pathname}>
        <Outlet />
      </RouteErrorBoundary>
    </>
  );
}

describe('the boundary around the route outlet', () => {
  it('keeps the frame when a screen crashes, and draws the next screen afresh after navigating', async () => {
    // React and the boundary report the crash on the console; that is expected here.
    const report = vi.spyOn(console, 'error').mockImplementation(() => {});
    const logged: string[] = [];
    clientLog.errors = new ErrorReporter({ log: (severity, message) => void logged.push(`${severity} ${message}`) }, () => ({
      url: 'http://localhost/broken',
      userAgent: 'test',
      environment: 'test',
    }));
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <Routes>
          <Route element={<Frame />}>
            <Route path="/broken" element={<Broken />} />
            <Route path="/fields" element={<h1>My Fields screen</h1>} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );

    expect(screen.getByRole('alert').textContent).toContain('Something went wrong');
    // The sentence of a script error's category (spec §8), and the crash reported at once as critical.
    expect(screen.getByRole('alert').textContent).toContain('An unexpected error occurred. Please refresh the page and try again.');
    expect(report).toHaveBeenCalled();
    expect(logged).toEqual(['CRITICAL Error: the weather chart read a missing day']);

    await user.click(screen.getByRole('link', { name: 'My Fields' }));
    expect(screen.getByRole('heading', { name: 'My Fields screen' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Broken screen' }));
    expect(screen.getByRole('alert')).toBeTruthy();
  });
});
