/**
 * Bytes for the compact values: unsigned LEB128 varints of any safe integer (arithmetic, not
 * bitwise, so beyond 2^31), zigzag for signed ones, and raw little-endian doubles; and the same in
 * seven-bit text, for values sent as strings.
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
export class ByteWriter implements Writer {
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
export class ByteReader implements Reader {
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

/** What the codecs write to: bytes (ByteWriter) or seven-bit text (TextWriter). */
export interface Writer {
  varint(n: number): void;
  double(x: number): void;
}

/** What the codecs read from. */
export interface Reader {
  readonly done: boolean;
  varint(): number;
  double(): number;
}

/**
 * Appends to a string of characters below 0x80 (safe in a Redis string sent and read as UTF-8, and
 * as cheap to send as any string): varints of six bits a character with 0x40 as the continuation
 * flag, doubles as ten characters of seven bits.
 */
export class TextWriter implements Writer {
  private codes: number[] = [];

  varint(n: number): void {
    while (n >= 64) {
      this.codes.push((n % 64) + 64);
      n = Math.floor(n / 64);
    }
    this.codes.push(n);
  }

  double(x: number): void {
    DOUBLE[0] = x;
    // 64 bits, seven at a time, lowest first.
    let carry = 0;
    let bits = 0;
    let k = 0;
    for (let out = 0; out < 10; out++) {
      while (bits < 7 && k < 8) {
        carry += (DOUBLE_BYTES[k++] as number) * 2 ** bits;
        bits += 8;
      }
      this.codes.push(carry % 128);
      carry = Math.floor(carry / 128);
      bits -= 7;
    }
  }

  /** Any text, length first (in UTF-16 code units). */
  text(value: string): void {
    this.varint(value.length);
    this.flush();
    this.parts.push(value);
  }

  private parts: string[] = [];

  private flush(): void {
    if (this.codes.length > 0) this.parts.push(String.fromCharCode(...this.codes));
    this.codes = [];
  }

  toString(): string {
    this.flush();
    return this.parts.length === 1 ? (this.parts[0] as string) : this.parts.join('');
  }
}

/** Reads what a TextWriter wrote, from `from` to `end` of `text`. */
export class TextReader implements Reader {
  at: number;
  constructor(
    private readonly source: string,
    private readonly fail: (problem: string) => never,
    from = 0,
    readonly end = source.length,
  ) {
    this.at = from;
  }

  get done(): boolean {
    return this.at >= this.end;
  }

  /** Text that TextWriter.text wrote. */
  text(): string {
    const length = this.varint();
    if (this.at + length > this.end) this.fail('ends in the middle of a text');
    const out = this.source.slice(this.at, this.at + length);
    this.at += length;
    return out;
  }

  private code(): number {
    if (this.at >= this.end) this.fail('ends in the middle of a value');
    const code = this.source.charCodeAt(this.at++);
    if (code >= 128) this.fail('holds a character that is not seven-bit');
    return code;
  }

  varint(): number {
    let n = 0;
    let scale = 1;
    for (;;) {
      const c = this.code();
      n += (c & 63) * scale;
      if (c < 64) return n;
      scale *= 64;
      if (scale > 2 ** 60) this.fail('holds a varint longer than 10 characters');
    }
  }

  double(): number {
    let carry = 0;
    let bits = 0;
    let k = 0;
    for (let i = 0; i < 10; i++) {
      carry += this.code() * 2 ** bits;
      bits += 7;
      while (bits >= 8 && k < 8) {
        DOUBLE_BYTES[k++] = carry % 256;
        carry = Math.floor(carry / 256);
        bits -= 8;
      }
    }
    return DOUBLE[0] as number;
  }
}
