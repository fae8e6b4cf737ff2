// Test support for posting-sheet.test.ts (not a test file itself): reads back the QR symbol the sheet draws.
const utf8 = (s: string) => new TextEncoder().encode(s);

// Enough to read back what the sheet prints: versions 1–10, EC level M, numeric/alphanumeric/byte
// segments. Layout rules follow ISO/IEC 18004 (as in Nayuki's reference implementation).

const EC_M: Record<number, { ec: number; blocks: number[] }> = {
  1: { ec: 10, blocks: [16] },
  2: { ec: 16, blocks: [28] },
  3: { ec: 26, blocks: [44] },
  4: { ec: 18, blocks: [32, 32] },
  5: { ec: 24, blocks: [43, 43] },
  6: { ec: 16, blocks: [27, 27, 27, 27] },
  7: { ec: 18, blocks: [31, 31, 31, 31] },
  8: { ec: 22, blocks: [38, 38, 39, 39] },
  9: { ec: 22, blocks: [36, 36, 36, 37, 37] },
  10: { ec: 26, blocks: [43, 43, 43, 43, 44] },
};

const GF_EXP = new Uint8Array(512);
const GF_LOG = new Uint8Array(256);
for (let i = 0, x = 1; i < 255; i++, x = (x << 1) ^ (x & 0x80 ? 0x11d : 0)) {
  GF_EXP[i] = x;
  GF_LOG[x] = i;
}
for (let i = 255; i < 512; i++) GF_EXP[i] = GF_EXP[i - 255]!;
const gfMul = (a: number, b: number) => (a && b ? GF_EXP[GF_LOG[a]! + GF_LOG[b]!]! : 0);

function formatBits(ecBits: number, mask: number): number {
  const data = (ecBits << 3) | mask;
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  return ((data << 10) | rem) ^ 0x5412;
}

export function decodeQr(m: boolean[][]): { text: string; version: number; ecLevel: string; mask: number } {
  const size = m.length;
  const version = (size - 17) / 4;
  if (!Number.isInteger(version) || !EC_M[version]) throw new Error(`unsupported size ${size}`);
  const at = (row: number, col: number) => (m[row]![col] ? 1 : 0);

  // Format information: both copies must agree and be a valid BCH code word.
  let first = 0;
  let second = 0;
  for (let i = 0; i <= 5; i++) first |= at(i, 8) << i;
  first |= (at(7, 8) << 6) | (at(8, 8) << 7) | (at(8, 7) << 8);
  for (let i = 9; i < 15; i++) first |= at(8, 14 - i) << i;
  for (let i = 0; i < 8; i++) second |= at(8, size - 1 - i) << i;
  for (let i = 8; i < 15; i++) second |= at(size - 15 + i, 8) << i;
  if (first !== second) throw new Error("format copies differ");
  let ecLevel = "";
  let mask = -1;
  for (const [name, bits] of [
    ["L", 1],
    ["M", 0],
    ["Q", 3],
    ["H", 2],
  ] as const) {
    for (let k = 0; k < 8; k++) if (formatBits(bits, k) === first) [ecLevel, mask] = [name, k];
  }
  if (mask < 0) throw new Error("invalid format information");
  if (ecLevel !== "M") throw new Error(`EC level ${ecLevel}, this decoder reads M`);
  if (!at(size - 8, 8)) throw new Error("dark module missing");

  // Function patterns: finders with separators and format areas, timing, alignment, version.
  const fn = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  const mark = (r0: number, c0: number, h: number, w: number) => {
    for (let r = r0; r < r0 + h; r++)
      for (let c = c0; c < c0 + w; c++) if (r >= 0 && c >= 0 && r < size && c < size) fn[r]![c] = true;
  };
  mark(0, 0, 9, 9);
  mark(0, size - 8, 9, 8);
  mark(size - 8, 0, 8, 9);
  mark(6, 0, 1, size);
  mark(0, 6, size, 1);
  if (version > 1) {
    const count = Math.floor(version / 7) + 2;
    const step = Math.ceil((version * 4 + 4) / (count * 2 - 2)) * 2;
    const centers = [6];
    for (let pos = size - 7; centers.length < count; pos -= step) centers.splice(1, 0, pos);
    for (const r of centers) {
      for (const c of centers) {
        const corner = (r === 6 && c === 6) || (r === 6 && c === size - 7) || (r === size - 7 && c === 6);
        if (!corner) mark(r - 2, c - 2, 5, 5);
      }
    }
  }
  if (version >= 7) {
    mark(0, size - 11, 6, 3);
    mark(size - 11, 0, 3, 6);
  }

  const masks: ((r: number, c: number) => boolean)[] = [
    (r, c) => (r + c) % 2 === 0,
    (r) => r % 2 === 0,
    (_, c) => c % 3 === 0,
    (r, c) => (r + c) % 3 === 0,
    (r, c) => (Math.floor(c / 3) + Math.floor(r / 2)) % 2 === 0,
    (r, c) => ((r * c) % 2) + ((r * c) % 3) === 0,
    (r, c) => (((r * c) % 2) + ((r * c) % 3)) % 2 === 0,
    (r, c) => (((r + c) % 2) + ((r * c) % 3)) % 2 === 0,
  ];
  const bits: number[] = [];
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let vert = 0; vert < size; vert++) {
      for (let j = 0; j < 2; j++) {
        const col = right - j;
        const row = ((right + 1) & 2) === 0 ? size - 1 - vert : vert;
        if (!fn[row]![col]) bits.push(at(row, col) ^ (masks[mask]!(row, col) ? 1 : 0));
      }
    }
  }
  const codewords = Array.from({ length: Math.floor(bits.length / 8) }, (_, i) =>
    bits.slice(i * 8, i * 8 + 8).reduce((a, b) => (a << 1) | b, 0),
  );

  // De-interleave, then check every block's Reed–Solomon syndromes (all zero = no error).
  const { ec, blocks } = EC_M[version]!;
  const data = blocks.map(() => [] as number[]);
  const ecc = blocks.map(() => [] as number[]);
  let k = 0;
  for (let i = 0; i < Math.max(...blocks); i++) blocks.forEach((len, b) => i < len && data[b]!.push(codewords[k++]!));
  for (let i = 0; i < ec; i++) blocks.forEach((_, b) => ecc[b]!.push(codewords[k++]!));
  blocks.forEach((_, b) => {
    const word = [...data[b]!, ...ecc[b]!];
    for (let i = 0; i < ec; i++) {
      const syndrome = word.reduce((acc, c) => gfMul(acc, GF_EXP[i]!) ^ c, 0);
      if (syndrome !== 0) throw new Error(`block ${b} fails Reed–Solomon check`);
    }
  });

  // Segments.
  const stream = data.flat().flatMap((byte) => Array.from({ length: 8 }, (_, i) => (byte >> (7 - i)) & 1));
  let p = 0;
  const read = (n: number) => {
    let v = 0;
    for (let i = 0; i < n; i++) v = (v << 1) | (stream[p++] ?? 0);
    return v;
  };
  const alnum = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:";
  const bytes: number[] = [];
  while (p + 4 <= stream.length) {
    const mode = read(4);
    if (mode === 0) break;
    if (mode === 1) {
      let n = read(version < 10 ? 10 : 12);
      for (; n >= 3; n -= 3) bytes.push(...utf8(String(read(10)).padStart(3, "0")));
      if (n === 2) bytes.push(...utf8(String(read(7)).padStart(2, "0")));
      if (n === 1) bytes.push(...utf8(String(read(4))));
    } else if (mode === 2) {
      let n = read(version < 10 ? 9 : 11);
      for (; n >= 2; n -= 2) {
        const v = read(11);
        bytes.push(alnum.charCodeAt(Math.floor(v / 45)), alnum.charCodeAt(v % 45));
      }
      if (n === 1) bytes.push(alnum.charCodeAt(read(6)));
    } else if (mode === 4) {
      const n = read(version < 10 ? 8 : 16);
      for (let i = 0; i < n; i++) bytes.push(read(8));
    } else throw new Error(`unsupported mode ${mode}`);
  }
  return { text: new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array(bytes)), version, ecLevel, mask };
}
