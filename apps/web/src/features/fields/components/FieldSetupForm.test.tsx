import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onePage, stubServer } from '../../../lib/testing/fetch-stub.ts';
import { registerFarmMutations } from '../../farms/api/farms.ts';
import { registerFieldMutations } from '../api/fields.ts';
import { FieldSetupForm } from './FieldSetupForm.tsx';

afterEach(() => vi.unstubAllGlobals());

const farm = { id: '0b3c5d7e-1f2a-4b6c-8d0e-2f4a6b8c0d1e', name: 'Chikomba Farm', fieldCount: 2, totalHectares: 12 };
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The form as Field Setup shows it, with the app's real write functions registered on its query client. */
function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  registerFarmMutations(client);
  registerFieldMutations(client);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <FieldSetupForm initialFarmId="" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The texts an input is described by (its hint and its error), as a screen reader reads them with it. */
function descriptionOf(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

async function describeRoundField(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('radio', { name: 'Round field (centre and radius)' }));
  await user.type(screen.getByLabelText('Latitude of the centre'), '-17.8');
  await user.type(screen.getByLabelText('Longitude of the centre'), '31.03');
  await user.type(screen.getByLabelText('Radius (metres)'), '60');
}

describe('Field Setup form', () => {
  it('says beside an input what is missing, with the locale text, and sends nothing', async () => {
    const sent = stubServer(({ method, path }) => (method === 'GET' && path.startsWith('/api/farms') ? onePage([farm]) : undefined));
    const user = userEvent.setup();
    renderForm();
    await screen.findByRole('option', { name: /Chikomba Farm/ });

    await user.click(screen.getByRole('button', { name: 'Save field' }));

    const name = screen.getByLabelText('Field name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(name)).toContain('Field name is required.');
    expect(screen.getByText('Draw the field boundary on the map (Draw polygon or Draw circle) before saving.')).toBeTruthy();
    expect(document.activeElement).toBe(name);
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it("sends the field with a client id and shows each of the server's problems where it belongs", async () => {
    const sent = stubServer(({ method, path }) => {
      if (method === 'GET' && path.startsWith('/api/farms')) return onePage([farm]);
      if (method === 'POST' && path === '/api/fields') {
        return {
          status: 400,
          body: {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'This field measures 0.40 ha. …',
              details: [
                {
                  path: 'boundary',
                  message: 'This field measures 0.40 ha. …',
                  code: 'FIELD_TOO_SMALL',
                  params: { areaHectares: 0.4, minHectares: 0.5, minAcres: 1.2 },
                },
                { path: 'name', message: 'A field with this name is already on this farm.' },
              ],
            },
          },
        };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderForm();
    await screen.findByRole('option', { name: /Chikomba Farm/ });
    await user.type(screen.getByLabelText('Field name'), 'North block');
    await describeRoundField(user);

    await user.click(screen.getByRole('button', { name: 'Save field' }));

    await screen.findByText(
      'This field measures 0.40 ha. The minimum field size is 0.5 ha (1.2 acres): smaller fields give unreliable satellite readings.',
    );
    const posts = sent.filter((request) => request.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toMatchObject({
      farmId: farm.id,
      name: 'North block',
      boundary: { type: 'Point', coordinates: [31.03, -17.8], properties: { radius: 60, circle: true } },
    });
    expect((posts[0]!.body as { id: string }).id).toMatch(uuid);
    expect(descriptionOf(screen.getByLabelText('Field name'))).toContain('A field with this name is already on this farm.');

    // Sent again after the refusal, the field keeps its client id: a retried save finds the same field.
    await user.click(screen.getByRole('button', { name: 'Save field' }));
    await waitFor(() => expect(sent.filter((request) => request.method === 'POST')).toHaveLength(2));
    const ids = sent.filter((request) => request.method === 'POST').map((request) => (request.body as { id: string }).id);
    expect(ids[1]).toBe(ids[0]);
  });
});

describe('Field Setup boundary problems', () => {
  /** A square `sideDegrees` wide near Harare, as a farmer would paste it. */
  const square = (sideDegrees: number) =>
    JSON.stringify({
      type: 'Polygon',
      coordinates: [
        [
          [31, -17.8],
          [31 + sideDegrees, -17.8],
          [31 + sideDegrees, -17.8 + sideDegrees],
          [31, -17.8 + sideDegrees],
          [31, -17.8],
        ],
      ],
    });

  async function pasteBoundary(user: ReturnType<typeof userEvent.setup>, text: string) {
    await user.click(screen.getByRole('radio', { name: 'Paste a GeoJSON polygon' }));
    const input = screen.getByLabelText('GeoJSON polygon');
    await user.clear(input);
    await user.click(input);
    await user.paste(text);
  }

  it('says once that a field is too large, and forgets it when the pasted boundary is replaced', async () => {
    stubServer(({ method, path }) => (method === 'GET' && path.startsWith('/api/farms') ? onePage([farm]) : undefined));
    const user = userEvent.setup();
    renderForm();
    await screen.findByRole('option', { name: /Chikomba Farm/ });
    await user.type(screen.getByLabelText('Field name'), 'North block');
    await pasteBoundary(user, square(1));
    await user.click(screen.getByRole('button', { name: 'Save field' }));
    const tooLarge = /^This field measures 1,176,622 ha, more than the 10,000 ha/;
    expect(screen.getAllByText(tooLarge)).toHaveLength(1);

    // A smaller boundary pasted over it: the refusal of the old one goes at once, before Save is pressed again.
    await pasteBoundary(user, square(0.01));
    await screen.findByText(/^Area: [\d,.]+ ha/);
    expect(screen.queryByText(tooLarge)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('Field Setup without the map', () => {
  const createdAnswer = (body: unknown) => ({ status: 201, body: { data: { ...(body as object), size_hectares: 1 } } });

  it('walks the boundary with the phone: each corner with its accuracy, a rough one flagged, saved as a polygon', async () => {
    const fixes = [
      { latitude: -17.8252, longitude: 31.0335, accuracy: 4 },
      { latitude: -17.8252, longitude: 31.0362, accuracy: 38 },
      { latitude: -17.8275, longitude: 31.0362, accuracy: 5 },
      { latitude: -17.8275, longitude: 31.0335, accuracy: 3 },
    ];
    const asked: PositionOptions[] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (found: PositionCallback, _failed: PositionErrorCallback, options: PositionOptions) => {
          asked.push(options);
          const fix = fixes.shift()!;
          found({ coords: fix, timestamp: 0 } as unknown as GeolocationPosition);
        },
      },
    });
    const sent = stubServer(({ method, path, body }) => {
      if (method === 'GET' && path.startsWith('/api/farms')) return onePage([farm]);
      if (method === 'POST' && path === '/api/fields') return createdAnswer(body);
      return undefined;
    });
    const user = userEvent.setup();
    renderForm();
    await screen.findByRole('option', { name: /Chikomba Farm/ });
    await user.type(screen.getByLabelText('Field name'), 'Walked block');
    await user.click(screen.getByRole('radio', { name: 'Walk round it with my phone’s GPS' }));
    const add = screen.getByRole('button', { name: 'Add my position' });
    await user.click(add);
    await user.click(add);
    const corners = screen.getByRole('list', { name: 'Corners walked' });
    expect(corners.textContent).toContain('Corner 1: -17.825200, 31.033500 (within 4 m)');
    expect(corners.textContent).toContain('Only good to within 38 m');
    // Removed and walked again: the rough corner goes.
    await user.click(screen.getByRole('button', { name: 'Remove last corner' }));
    fixes.unshift({ latitude: -17.8252, longitude: 31.0362, accuracy: 6 });
    await user.click(add);
    await user.click(add);
    await user.click(add);
    expect(screen.queryByText(/Only good to within/)).toBeNull();
    expect(asked.every((options) => options.maximumAge === 0 && options.enableHighAccuracy)).toBe(true);
    expect(screen.getByTestId('boundary-area').textContent).toMatch(/^Area: 7\.29 ha/);

    await user.click(screen.getByRole('button', { name: 'Save field' }));
    await waitFor(() => expect(sent.filter((request) => request.method === 'POST')).toHaveLength(1));
    expect(sent.find((request) => request.method === 'POST')!.body).toMatchObject({
      boundary: {
        type: 'Polygon',
        coordinates: [
          [
            [31.0335, -17.8252],
            [31.0362, -17.8252],
            [31.0362, -17.8275],
            [31.0335, -17.8275],
            [31.0335, -17.8252],
          ],
        ],
      },
    });
  });

  it('refuses typed corners with the line that is wrong, and a crossing shape by core’s rule, sending nothing', async () => {
    const sent = stubServer(({ method, path }) => (method === 'GET' && path.startsWith('/api/farms') ? onePage([farm]) : undefined));
    const user = userEvent.setup();
    renderForm();
    await screen.findByRole('option', { name: /Chikomba Farm/ });
    await user.type(screen.getByLabelText('Field name'), 'Typed block');
    await user.click(screen.getByRole('radio', { name: 'Type the corners' }));
    const input = screen.getByLabelText('Corners of the field');
    await user.click(input);
    await user.paste('-17.8252, 31.0335\n-17.8252 31.0362\nby the borehole\n-17.8275, 31.0335');
    await user.click(screen.getByRole('button', { name: 'Save field' }));
    expect(descriptionOf(input)).toContain('Line 3 (“by the borehole”) is not a corner');
    expect(document.activeElement).toBe(input);

    // Every line read, but the corners cross (a bow tie): the same refusal as a drawn boundary gets.
    await user.clear(input);
    await user.paste('-17.8252, 31.0335\n-17.8252, 31.0362\n-17.8275, 31.0335\n-17.8275, 31.0362');
    await user.click(screen.getByRole('button', { name: 'Save field' }));
    expect((await screen.findAllByText(/cross/i)).length).toBeGreaterThan(0);
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('starts a new farm in the country of the account', async () => {
    stubServer(({ method, path }) => {
      if (method === 'GET' && path.startsWith('/api/farms')) return onePage([]);
      if (method === 'GET' && path === '/api/auth/me') return { status: 200, body: { data: { id: 'u1', name: 'Thandi', country: 'ZA' } } };
      return undefined;
    });
    renderForm();
    const country = await screen.findByLabelText(/Country/);
    await waitFor(() => expect((country as HTMLSelectElement).value).toBe('ZA'));
  });
});
