import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  angleInputs,
  biophysicalLai,
  BiophysicalNetworkError,
  loadBiophysicalNetwork,
  runBiophysicalNetwork,
  type BiophysicalNetwork,
} from './biophysical-network.ts';

/**
 * A small network of our own with round numbers, so its output can be worked out by hand: every input's range is
 * [0, 2] (so 1 normalises to 0 and 2 to 1), neuron n weighs only input n.
 */
const inputs11 = Array.from({ length: 11 }, () => 1);
const handNetwork: BiophysicalNetwork = {
  inputMin: Array.from({ length: 11 }, () => 0),
  inputMax: Array.from({ length: 11 }, () => 2),
  hiddenWeights: Array.from({ length: 5 }, (_, n) => Array.from({ length: 11 }, (_, i) => (i === n ? 1 : 0))),
  hiddenBias: [0.5, -0.25, 0, 0.1, 0],
  outputWeights: [0.4, 0.2, 0.3, -0.5, 0.1],
  outputBias: -0.1,
  outputMin: 0,
  outputMax: 10,
};

describe('the biophysical network', () => {
  it('normalises the inputs, applies tansig in the hidden layer and maps the output back to its range', () => {
    // All inputs at their midpoint: each neuron sees only its bias. tansig is tanh.
    const hidden = handNetwork.hiddenBias.map(Math.tanh);
    const y = -0.1 + hidden.reduce((sum, h, n) => sum + handNetwork.outputWeights[n]! * h, 0);
    expect(runBiophysicalNetwork(handNetwork, inputs11)).toBeCloseTo(0.5 * (y + 1) * 10, 12);

    // Input 0 at its maximum normalises to 1: neuron 0 sees 1 + 0.5.
    const atMax = [2, ...inputs11.slice(1)];
    const y2 = y + 0.4 * (Math.tanh(1.5) - Math.tanh(0.5));
    expect(runBiophysicalNetwork(handNetwork, atMax)).toBeCloseTo(0.5 * (y2 + 1) * 10, 12);
  });

  it('takes cosines of the view zenith, sun zenith and relative azimuth', () => {
    const [view, sun, relative] = angleInputs({ viewZenithDeg: 60, viewAzimuthDeg: 100, sunZenithDeg: 0, sunAzimuthDeg: 280 });
    expect(view).toBeCloseTo(0.5, 12);
    expect(sun).toBeCloseTo(1, 12);
    expect(relative).toBeCloseTo(-1, 12);
  });

  it('gives no value for a pixel outside the reflectance range it was trained on, and never a negative LAI', () => {
    const network = { ...handNetwork, inputMin: [...handNetwork.inputMin], inputMax: [...handNetwork.inputMax] };
    network.inputMax[0] = 0.3; // green reflectance up to 0.3
    const bands = (green: number[]) => ({
      green,
      red: green.map(() => 1),
      rededge1: green.map(() => 1),
      rededge2: green.map(() => 1),
      rededge3: green.map(() => 1),
      nir08: green.map(() => 1),
      swir16: green.map(() => 1),
      swir22: green.map(() => 1),
    });
    const geometry = { viewZenithDeg: 0, viewAzimuthDeg: 0, sunZenithDeg: 0, sunAzimuthDeg: 0 };
    const lai = biophysicalLai(network, bands([0.15, 0.45, Number.NaN]), geometry);
    expect(Number.isFinite(lai[0])).toBe(true);
    expect(lai[1]).toBeNaN();
    expect(lai[2]).toBeNaN();

    const negative = { ...network, outputBias: -5 };
    expect(biophysicalLai(negative, bands([0.15]), geometry)[0]).toBe(0);
  });
});

describe('loading the coefficient files', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'murimi-lai-network-'));
    const rows = (values: number[][]) => values.map((row) => row.join(',')).join('\n') + '\n';
    await writeFile(path.join(folder, 'LAI_Normalisation'), rows(handNetwork.inputMin.map((min, i) => [min, handNetwork.inputMax[i]!])));
    await writeFile(path.join(folder, 'LAI_Weights_Layer1_Neurons'), rows(handNetwork.hiddenWeights));
    await writeFile(path.join(folder, 'LAI_Weights_Layer1_Bias'), rows([handNetwork.hiddenBias]));
    await writeFile(path.join(folder, 'LAI_Weights_Layer2_Neurons'), rows([handNetwork.outputWeights]));
    await writeFile(path.join(folder, 'LAI_Weights_Layer2_Bias'), rows([[handNetwork.outputBias]]));
    await writeFile(path.join(folder, 'LAI_Denormalisation'), rows([[handNetwork.outputMin, handNetwork.outputMax]]));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('reads the S2 Toolbox layout: one file per layer, numbers by comma and line', async () => {
    expect(await loadBiophysicalNetwork(folder)).toEqual(handNetwork);
  });

  it('says which file is missing or malformed', async () => {
    await expect(loadBiophysicalNetwork(folder, 'FAPAR')).rejects.toThrow(/FAPAR_Weights_Layer1_Bias.*ENOENT/);
    const file = path.join(folder, 'LAI_Weights_Layer2_Neurons');
    const good = await readFile(file, 'utf8');
    await writeFile(file, '0.1,0.2,0.3\n');
    await expect(loadBiophysicalNetwork(folder)).rejects.toThrow(BiophysicalNetworkError);
    await expect(loadBiophysicalNetwork(folder)).rejects.toThrow(/LAI_Weights_Layer2_Neurons should hold 5 numbers, it holds 3/);
    await writeFile(file, good);
  });
});

/**
 * ESA's own check of the network: LAI_TestCases in the S2 Toolbox's folder, rows of the 11 inputs and the LAI
 * the network gives. The coefficients are not part of Murimi; set SNAP_LAI_NETWORK_DIR to that folder to run it.
 */
const esaFolder = process.env.SNAP_LAI_NETWORK_DIR;
describe.runIf(esaFolder)('ESA’s published LAI network and test cases (SNAP_LAI_NETWORK_DIR)', () => {
  it('gives the published LAI of every test case within 1e-3', async () => {
    const network = await loadBiophysicalNetwork(esaFolder!);
    const cases = (await readFile(path.join(esaFolder!, 'LAI_TestCases'), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => line.split(',').map(Number));
    expect(cases.length).toBeGreaterThan(0);
    const worst = Math.max(...cases.map((row) => Math.abs(runBiophysicalNetwork(network, row.slice(0, 11)) - row[11]!)));
    expect(worst).toBeLessThan(1e-3);
  });
});
