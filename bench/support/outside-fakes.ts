/**
 * The outside services of a night's schedule, in a process of their own so that serving them is not counted as the
 * measured server's work: Earth Search as the local STAC API over the demo catalog in the folder given as the first
 * argument, and Open-Meteo as the fake the tests use. Prints one line of JSON with their addresses once both listen.
 * `GET /counts` on the STAC address answers what each was asked since the last `GET /counts?reset`.
 *
 *   node --import tsx bench/support/outside-fakes.ts <catalog folder>
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalStacHandler } from '@murimi/earth';
import { startFakeOpenMeteo } from '../../apps/server/src/integrations/open-meteo/testing/fake-open-meteo.ts';

export interface OutsideCounts {
  /** Catalogue searches: each search's first page (a page after it carries the `token` of the one before). */
  searches: number;
  searchPages: number;
  /** Range reads of the scenes' GeoTIFFs. */
  cogReads: number;
  forecastReads: number;
  archiveReads: number;
  /** The distinct points Open-Meteo was asked about (a weather cell's centre each). */
  weatherPoints: number;
}

const catalog = process.argv[2];
if (!catalog) throw new Error('usage: outside-fakes.ts <catalog folder>');

const openMeteo = await startFakeOpenMeteo();
const stac = await createLocalStacHandler(catalog);
let counts = { searches: 0, searchPages: 0, cogReads: 0 };
let weatherFrom = 0;

const server = createServer((request, response) => {
  const url = request.url ?? '/';
  if (url.startsWith('/counts')) {
    const asked = openMeteo.requests.slice(weatherFrom);
    const answer: OutsideCounts = {
      ...counts,
      forecastReads: asked.filter((entry) => entry.path === '/v1/forecast').length,
      archiveReads: asked.filter((entry) => entry.path === '/v1/archive').length,
      weatherPoints: new Set(asked.map((entry) => `${entry.query.latitude},${entry.query.longitude}`)).size,
    };
    if (url.includes('reset')) {
      counts = { searches: 0, searchPages: 0, cogReads: 0 };
      weatherFrom = openMeteo.requests.length;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    return;
  }
  if (url.startsWith('/search')) {
    counts.searchPages += 1;
    if (request.method === 'GET') {
      if (!url.includes('token=')) counts.searches += 1;
      stac(request, response);
      return;
    }
    // A POSTed search names its page in its body: read to count, then handed to the catalogue, which reads the
    // body by iterating the request, as the same bytes.
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      if (!body.toString().includes('"token"')) counts.searches += 1;
      stac(
        Object.assign(request, {
          [Symbol.asyncIterator]: async function* () {
            yield body;
          },
        }),
        response,
      );
    });
    return;
  }
  if (url.endsWith('.tif') || url.includes('.tif?')) counts.cogReads += 1;
  stac(request, response);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as AddressInfo;
console.log(JSON.stringify({ stacUrl: `http://127.0.0.1:${port}`, forecastUrl: openMeteo.forecastUrl, archiveUrl: openMeteo.archiveUrl }));
