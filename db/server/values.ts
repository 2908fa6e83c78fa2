// Hrana value encoding (spec: HRANA_1_SPEC "Values").
//
//   { type: "null" } | { type: "integer", value: "<decimal int64>" } | { type: "float", value: number }
//   | { type: "text", value: string } | { type: "blob", base64: string }
//
// Engine side (libsql with safe integers): null | bigint (INTEGER) | number (REAL) | string | Buffer.

import { protocolError } from './errors.ts';

export type SqlValue = null | bigint | number | string | Uint8Array;

export type HranaValue =
  | { type: 'null' }
  | { type: 'integer'; value: string }
  | { type: 'float'; value: number | string }
  | { type: 'text'; value: string }
  | { type: 'blob'; base64: string };

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

// JSON has no literal for ±Infinity, but `1e999` is valid JSON that every parser reads as
// Infinity. Non-finite floats are encoded as a marker string that `toJson` swaps for it.
const NONCE = Math.random().toString(36).slice(2);
const POS_INF = `\u0000+inf:${NONCE}`;
const NEG_INF = `\u0000-inf:${NONCE}`;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Decodes a Hrana value from a request; throws a 400 protocol error when malformed. */
export function decodeValue(v: unknown, where: string): SqlValue {
  if (!isObject(v)) throw protocolError(`${where}: a value must be an object`);
  switch (v.type) {
    case 'null':
      return null;
    case 'integer': {
      const raw = v.value;
      let n: bigint | undefined;
      if (typeof raw === 'string' && /^[+-]?\d+$/.test(raw)) n = BigInt(raw);
      else if (typeof raw === 'number' && Number.isSafeInteger(raw)) n = BigInt(raw);
      if (n === undefined || n < INT64_MIN || n > INT64_MAX) {
        throw protocolError(`${where}: integer value must be a decimal string in the 64-bit range`);
      }
      return n;
    }
    case 'float':
      if (typeof v.value !== 'number') throw protocolError(`${where}: float value must be a number`);
      return v.value;
    case 'text':
      if (typeof v.value !== 'string') throw protocolError(`${where}: text value must be a string`);
      return v.value;
    case 'blob': {
      const b64 = v.base64;
      if (typeof b64 !== 'string' || !BASE64.test(b64)) {
        throw protocolError(`${where}: blob value must have a base64 string in "base64"`);
      }
      return Buffer.from(b64, 'base64');
    }
    default:
      throw protocolError(`${where}: unknown value type ${JSON.stringify(v.type)}`);
  }
}

/** Encodes an engine value for a response. */
export function encodeValue(v: unknown): HranaValue {
  if (v === null || v === undefined) return { type: 'null' };
  if (typeof v === 'bigint') return { type: 'integer', value: v.toString() };
  if (typeof v === 'number') {
    if (Number.isFinite(v)) return { type: 'float', value: v };
    if (Number.isNaN(v)) return { type: 'null' };
    return { type: 'float', value: v > 0 ? POS_INF : NEG_INF };
  }
  if (typeof v === 'string') return { type: 'text', value: v };
  if (v instanceof Uint8Array) {
    return { type: 'blob', base64: Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64') };
  }
  if (typeof v === 'boolean') return { type: 'integer', value: v ? '1' : '0' };
  return { type: 'text', value: String(v) };
}

/** JSON.stringify that renders non-finite floats produced by encodeValue as ±1e999. */
export function toJson(body: unknown): string {
  const text = JSON.stringify(body);
  if (!text.includes(NONCE)) return text;
  return text.replaceAll(JSON.stringify(POS_INF), '1e999').replaceAll(JSON.stringify(NEG_INF), '-1e999');
}
