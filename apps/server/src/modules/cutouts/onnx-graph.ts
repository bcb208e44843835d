/**
 * Just enough of the ONNX file format (protocol buffers) to rewrite the segmentation model's graph
 * in memory before the runtime loads it: read the graph's nodes and initializers, replace nodes,
 * add and drop tensors, keep only some outputs. Everything else is copied byte for byte.
 *
 * Field numbers are those of onnx.proto: ModelProto.graph = 7; GraphProto.node = 1,
 * initializer = 5, input = 11, output = 12, value_info = 13; NodeProto.input = 1, output = 2,
 * name = 3, op_type = 4, attribute = 5; TensorProto.dims = 1, data_type = 2, float_data = 4,
 * int32_data = 5, name = 8, raw_data = 9; ValueInfoProto.name = 1.
 */

type Field = { field: number; wire: number; start: number; end: number; body: Buffer; value: number };

function readVarint(buf: Buffer, pos: number): [number, number] {
  let value = 0;
  let mul = 1;
  let byte: number;
  do {
    byte = buf[pos++]!;
    value += (byte & 0x7f) * mul;
    mul *= 128;
  } while (byte & 0x80);
  return [value, pos];
}

function varint(value: number): Buffer {
  const out: number[] = [];
  while (value >= 128) {
    out.push((value % 128) | 0x80);
    value = Math.floor(value / 128);
  }
  out.push(value);
  return Buffer.from(out);
}

function* fields(buf: Buffer): Generator<Field> {
  let pos = 0;
  while (pos < buf.length) {
    const start = pos;
    let key: number;
    [key, pos] = readVarint(buf, pos);
    const field = Math.floor(key / 8);
    const wire = key % 8;
    let body: Buffer = EMPTY;
    let value = 0;
    if (wire === 0) [value, pos] = readVarint(buf, pos);
    else if (wire === 1) pos += 8;
    else if (wire === 5) {
      body = buf.subarray(pos, pos + 4);
      pos += 4;
    } else if (wire === 2) {
      let len: number;
      [len, pos] = readVarint(buf, pos);
      body = buf.subarray(pos, pos + len);
      pos += len;
    } else throw new Error(`onnx: unsupported protobuf wire type ${wire}`);
    if (pos > buf.length) throw new Error('onnx: truncated protobuf');
    yield { field, wire, start, end: pos, body, value };
  }
}
const EMPTY: Buffer = Buffer.alloc(0);

const bytesField = (field: number, body: Buffer) => Buffer.concat([varint(field * 8 + 2), varint(body.length), body]);
const stringField = (field: number, s: string) => bytesField(field, Buffer.from(s, 'utf8'));

export interface OnnxNode {
  opType: string;
  inputs: string[];
  outputs: string[];
  /** The node's other fields (name, attributes, domain), encoded, to be copied as they are. */
  rest: Buffer[];
}

export interface OnnxTensor {
  name: string;
  dims: number[];
  dataType: number;
  /** The encoded TensorProto. */
  bytes: Buffer;
}

export const FLOAT = 1;
export const UINT8 = 2;

function parseNode(body: Buffer): OnnxNode {
  const node: OnnxNode = { opType: '', inputs: [], outputs: [], rest: [] };
  for (const f of fields(body)) {
    if (f.field === 1) node.inputs.push(f.body.toString('utf8'));
    else if (f.field === 2) node.outputs.push(f.body.toString('utf8'));
    else if (f.field === 4) node.opType = f.body.toString('utf8');
    else node.rest.push(body.subarray(f.start, f.end));
  }
  return node;
}

function encodeNode(node: OnnxNode): Buffer {
  return Buffer.concat([
    ...node.inputs.map((s) => stringField(1, s)),
    ...node.outputs.map((s) => stringField(2, s)),
    stringField(4, node.opType),
    ...node.rest,
  ]);
}

function parseTensor(body: Buffer): OnnxTensor {
  const t: OnnxTensor = { name: '', dims: [], dataType: 0, bytes: body };
  for (const f of fields(body)) {
    if (f.field === 1) {
      if (f.wire === 0) t.dims.push(f.value);
      else
        for (let p = 0; p < f.body.length;) {
          let d: number;
          [d, p] = readVarint(f.body, p);
          t.dims.push(d);
        }
    } else if (f.field === 2) t.dataType = f.value;
    else if (f.field === 8) t.name = f.body.toString('utf8');
  }
  return t;
}

/** A tensor's values (float and 8-bit tensors, stored as raw_data, float_data or int32_data). */
export function tensorValues(t: OnnxTensor): Float32Array {
  const count = t.dims.reduce((a, b) => a * b, 1);
  const out = new Float32Array(count);
  let n = 0;
  for (const f of fields(t.bytes)) {
    if (f.field === 9) {
      if (t.dataType === FLOAT) for (let i = 0; i + 4 <= f.body.length; i += 4) out[n++] = f.body.readFloatLE(i);
      else if (t.dataType === UINT8) {
        out.set(f.body, n);
        n += f.body.length;
      } else throw new Error(`onnx: tensor ${t.name} has an unsupported data type ${t.dataType}`);
    } else if (f.field === 4) {
      if (f.wire === 5) out[n++] = f.body.readFloatLE(0);
      else for (let i = 0; i + 4 <= f.body.length; i += 4) out[n++] = f.body.readFloatLE(i);
    } else if (f.field === 5) {
      if (f.wire === 0) out[n++] = f.value;
      else
        for (let p = 0; p < f.body.length;) {
          let v: number;
          [v, p] = readVarint(f.body, p);
          out[n++] = v;
        }
    }
  }
  if (n !== count) throw new Error(`onnx: tensor ${t.name} holds ${n} values for ${count}`);
  return out;
}

/** A float tensor, stored as raw little-endian bytes. */
export function floatTensor(name: string, dims: number[], values: Float32Array): OnnxTensor {
  const raw = Buffer.from(values.buffer, values.byteOffset, values.byteLength);
  const bytes = Buffer.concat([
    ...dims.map((d) => Buffer.concat([varint(8), varint(d)])),
    varint(2 * 8),
    varint(FLOAT),
    stringField(8, name),
    bytesField(9, raw),
  ]);
  return { name, dims, dataType: FLOAT, bytes };
}

export interface OnnxGraph {
  nodes: OnnxNode[];
  initializers: Map<string, OnnxTensor>;
  /** Names of the graph's outputs. */
  outputs: string[];
}

/**
 * Opens a model, lets `edit` change its graph (nodes, initializers, outputs) and encodes it again.
 * Initializers no node reads any more are dropped, and so are the graph inputs and value infos that
 * name them or tensors that no longer exist.
 */
export function rewriteModel(model: Buffer, edit: (graph: OnnxGraph) => void): Buffer {
  const parts: Buffer[] = [];
  let seenGraph = false;
  for (const f of fields(model)) {
    if (f.field !== 7 || f.wire !== 2) {
      parts.push(model.subarray(f.start, f.end));
      continue;
    }
    seenGraph = true;
    const graphBody = f.body;
    const graph: OnnxGraph = { nodes: [], initializers: new Map(), outputs: [] };
    const other: Buffer[] = [];
    const named: { field: number; name: string; bytes: Buffer }[] = [];
    for (const g of fields(graphBody)) {
      const bytes = graphBody.subarray(g.start, g.end);
      if (g.field === 1) graph.nodes.push(parseNode(g.body));
      else if (g.field === 5) {
        const t = parseTensor(g.body);
        graph.initializers.set(t.name, t);
      } else if (g.field === 11 || g.field === 12 || g.field === 13) {
        let name = '';
        for (const v of fields(g.body)) if (v.field === 1) name = v.body.toString('utf8');
        if (g.field === 12) graph.outputs.push(name);
        named.push({ field: g.field, name, bytes });
      } else other.push(bytes);
    }
    edit(graph);
    const used = new Set<string>(graph.outputs);
    for (const n of graph.nodes) for (const s of [...n.inputs, ...n.outputs]) used.add(s);
    const out: Buffer[] = graph.nodes.map((n) => bytesField(1, encodeNode(n)));
    for (const t of graph.initializers.values()) if (used.has(t.name)) out.push(bytesField(5, t.bytes));
    for (const v of named) {
      if (v.field === 12 ? graph.outputs.includes(v.name) : used.has(v.name)) out.push(v.bytes);
    }
    out.push(...other);
    parts.push(bytesField(7, Buffer.concat(out)));
  }
  if (!seenGraph) throw new Error('onnx: no graph in the model');
  return Buffer.concat(parts);
}
