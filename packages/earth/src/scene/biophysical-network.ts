import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Leaf area index by ESA's Sentinel-2 biophysical processor (SNAP S2 Toolbox; Weiss & Baret, "S2ToolBox Level 2
 * products: LAI, FAPAR, FCOVER", ATBD v1.1, 2016; science brief §2.1): a neural network trained on PROSAIL
 * simulations, 11 inputs → 5 tansig neurons → 1 linear output.
 *
 * Inputs, in order: reflectance of B03, B04, B05, B06, B07, B8A, B11, B12, then cos(view zenith), cos(sun zenith),
 * cos(sun azimuth − view azimuth). Each input is normalised to [−1, 1] by the network's min/max, the output is
 * mapped back from [−1, 1] to LAI.
 *
 * The coefficients are ESA's published data, distributed with the S2 Toolbox (folder `auxdata/3_0/S2A/LAI` of
 * s2tbx-biophysical: LAI_Normalisation, LAI_Weights_Layer1_Neurons, LAI_Weights_Layer1_Bias,
 * LAI_Weights_Layer2_Neurons, LAI_Weights_Layer2_Bias, LAI_Denormalisation). They are not part of Murimi: an
 * operator points `loadBiophysicalNetwork` at that folder; without it LAI comes from the empirical fallback.
 */
export interface BiophysicalNetwork {
  /** Per input: the min and max it was normalised with. */
  inputMin: number[];
  inputMax: number[];
  /** Hidden layer: one row of input weights per neuron, and each neuron's bias. */
  hiddenWeights: number[][];
  hiddenBias: number[];
  /** Output neuron: a weight per hidden neuron, and its bias. */
  outputWeights: number[];
  outputBias: number;
  /** The output's range: the network's [−1, 1] maps onto [outputMin, outputMax]. */
  outputMin: number;
  outputMax: number;
}

/** The eight reflectance bands the network reads, in its input order (science brief §1.1). */
export const BIOPHYSICAL_BANDS = ['green', 'red', 'rededge1', 'rededge2', 'rededge3', 'nir08', 'swir16', 'swir22'] as const;
const INPUT_COUNT = BIOPHYSICAL_BANDS.length + 3;

export interface ViewingGeometry {
  viewZenithDeg: number;
  viewAzimuthDeg: number;
  sunZenithDeg: number;
  sunAzimuthDeg: number;
}

export class BiophysicalNetworkError extends Error {
  override readonly name = 'BiophysicalNetworkError';
}

/** Reads the network of one variable (`LAI`) from the S2 Toolbox's comma/line-separated coefficient files. */
export async function loadBiophysicalNetwork(directory: string, variable = 'LAI'): Promise<BiophysicalNetwork> {
  const numbers = async (suffix: string, count: number) => {
    const file = path.join(directory, `${variable}_${suffix}`);
    const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      throw new BiophysicalNetworkError(`Cannot read ${file}: ${error.code ?? error.message}`);
    });
    const values = text
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    if (values.length !== count || values.some((value) => !Number.isFinite(value))) {
      throw new BiophysicalNetworkError(
        `${file} should hold ${count} numbers, it holds ${values.length} (or something that is not a number)`,
      );
    }
    return values;
  };
  const neurons = (await numbers('Weights_Layer1_Bias', 5)).length;
  const normalisation = await numbers('Normalisation', 2 * INPUT_COUNT);
  const hidden = await numbers('Weights_Layer1_Neurons', neurons * INPUT_COUNT);
  const [outputMin, outputMax] = (await numbers('Denormalisation', 2)) as [number, number];
  return {
    inputMin: normalisation.filter((_, i) => i % 2 === 0),
    inputMax: normalisation.filter((_, i) => i % 2 === 1),
    hiddenWeights: Array.from({ length: neurons }, (_, n) => hidden.slice(n * INPUT_COUNT, (n + 1) * INPUT_COUNT)),
    hiddenBias: await numbers('Weights_Layer1_Bias', neurons),
    outputWeights: await numbers('Weights_Layer2_Neurons', neurons),
    outputBias: (await numbers('Weights_Layer2_Bias', 1))[0]!,
    outputMin,
    outputMax,
  };
}

/** tansig(x) = 2 / (1 + e^(−2x)) − 1, the hidden neurons' transfer function (MATLAB's, as the ATBD uses). */
const tansig = (x: number) => 2 / (1 + Math.exp(-2 * x)) - 1;

/** The network's output for one set of 11 inputs (raw, not normalised). */
export function runBiophysicalNetwork(network: BiophysicalNetwork, inputs: ArrayLike<number>): number {
  let output = network.outputBias;
  for (let neuron = 0; neuron < network.hiddenWeights.length; neuron++) {
    const weights = network.hiddenWeights[neuron]!;
    let sum = network.hiddenBias[neuron]!;
    for (let i = 0; i < weights.length; i++) {
      const normalised = (2 * (inputs[i]! - network.inputMin[i]!)) / (network.inputMax[i]! - network.inputMin[i]!) - 1;
      sum += weights[i]! * normalised;
    }
    output += network.outputWeights[neuron]! * tansig(sum);
  }
  return 0.5 * (output + 1) * (network.outputMax - network.outputMin) + network.outputMin;
}

/** The three angle inputs, from degrees. */
export function angleInputs(geometry: ViewingGeometry): [number, number, number] {
  const cos = (degrees: number) => Math.cos((degrees * Math.PI) / 180);
  return [cos(geometry.viewZenithDeg), cos(geometry.sunZenithDeg), cos(geometry.sunAzimuthDeg - geometry.viewAzimuthDeg)];
}

/**
 * LAI per pixel from the eight bands' reflectance and the scene's viewing geometry. NaN where a band is missing
 * or a reflectance lies outside the range the network was trained on (its normalisation min/max: the ATBD's
 * "input out of range" flag), so such pixels count as no value rather than as an extrapolation. Results are kept
 * within the network's output range (LAI is never negative).
 */
export function biophysicalLai(
  network: BiophysicalNetwork,
  bands: Readonly<Record<(typeof BIOPHYSICAL_BANDS)[number], ArrayLike<number>>>,
  geometry: ViewingGeometry,
): Float32Array {
  const length = bands.green.length;
  const out = new Float32Array(length);
  const inputs = new Float64Array(INPUT_COUNT);
  inputs.set(angleInputs(geometry), BIOPHYSICAL_BANDS.length);
  pixels: for (let p = 0; p < length; p++) {
    for (let b = 0; b < BIOPHYSICAL_BANDS.length; b++) {
      const value = bands[BIOPHYSICAL_BANDS[b]!][p]!;
      if (!(value >= network.inputMin[b]! && value <= network.inputMax[b]!)) {
        out[p] = Number.NaN;
        continue pixels;
      }
      inputs[b] = value;
    }
    out[p] = Math.min(network.outputMax, Math.max(network.outputMin, runBiophysicalNetwork(network, inputs)));
  }
  return out;
}
