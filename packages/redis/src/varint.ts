/**
 * Bytes for the compact values: unsigned LEB128 varints of any safe integer (arithmetic, not
 * bitwise, so beyond 2^31), zigzag for signed ones, and raw little-endian doubles.
 */

const DOUBLE = new Float64Array(1);
const DOUBLE_BYTES = new Uint8Array(DOUBLE.buffer);

/** Signed → unsigned: 0, -1, 1, -2 … → 0, 1, 2, 3 …; exact for |n| ≤ 2^51. */
export function zigzag(n: number): number {
  return n >= 0 ? 2 * n : -2 * n - 1;
}

export function unzigzag(n: number): number {
  return n % 2 === 0 ? n / 2 : -(n + 1) / 2;
}

/** Appends bytes to a growing buffer. */
export class ByteWriter {
  private bytes = new Uint8Array(64);
  private size = 0;

  private room(extra: number): void {
    if (this.size + extra <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.size + extra));
    grown.set(this.bytes.subarray(0, this.size));
    this.bytes = grown;
  }

  byte(b: number): void {
    this.room(1);
    this.bytes[this.size++] = b;
  }

  varint(n: number): void {
    this.room(8);
    while (n >= 128) {
      this.bytes[this.size++] = (n % 128) + 128;
      n = Math.floor(n / 128);
    }
    this.bytes[this.size++] = n;
  }

  double(x: number): void {
    this.room(8);
    DOUBLE[0] = x;
    this.bytes.set(DOUBLE_BYTES, this.size);
    this.size += 8;
  }

  raw(data: Uint8Array): void {
    this.room(data.length);
    this.bytes.set(data, this.size);
    this.size += data.length;
  }

  /** The bytes written so far, copied into a Buffer of their own. */
  toBuffer(): Buffer {
    return Buffer.from(this.bytes.subarray(0, this.size));
  }
}

/** Reads what a ByteWriter wrote; `fail` names the value being read when the bytes run out. */
export class ByteReader {
  at = 0;
  constructor(
    readonly bytes: Uint8Array,
    private readonly fail: (problem: string) => never,
    from = 0,
    readonly end = bytes.length,
  ) {
    this.at = from;
  }

  get done(): boolean {
    return this.at >= this.end;
  }

  byte(): number {
    if (this.at >= this.end) this.fail('ends in the middle of a value');
    return this.bytes[this.at++] as number;
  }

  varint(): number {
    let n = 0;
    let scale = 1;
    for (;;) {
      const b = this.byte();
      n += (b & 127) * scale;
      if (b < 128) return n;
      scale *= 128;
      if (scale > 2 ** 56) this.fail('holds a varint longer than 8 bytes');
    }
  }

  double(): number {
    if (this.at + 8 > this.end) this.fail('ends in the middle of a double');
    for (let k = 0; k < 8; k++) DOUBLE_BYTES[k] = this.bytes[this.at + k] as number;
    this.at += 8;
    return DOUBLE[0] as number;
  }

  slice(length: number): Uint8Array {
    if (this.at + length > this.end) this.fail('ends in the middle of a section');
    const out = this.bytes.subarray(this.at, this.at + length);
    this.at += length;
    return out;
  }
}
