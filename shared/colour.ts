// Colour strings (docs/product/3-routes-data-calls-constants.md §5): "#AARRGGBB, #RRGGBB(AA) or
// rgba(r,g,b,a), else an error".
//
// Eight hex digits are ambiguous: #AARRGGBB (alpha first, the data contract's form) and
// #RRGGBBAA (alpha last, CSS's form) look alike. The caller names the order it expects;
// the default is alpha first, the form the spec lists on its own.

export interface Colour {
  /** 0–255. */
  r: number;
  g: number;
  b: number;
  /** 0–1. */
  a: number;
}

export type HexAlphaOrder = 'AARRGGBB' | 'RRGGBBAA';

export interface ParseColourOptions {
  /** How to read eight hex digits; default 'AARRGGBB'. */
  hex8Order?: HexAlphaOrder;
}

const HEX6 = /^#([0-9a-f]{6})$/i;
const HEX8 = /^#([0-9a-f]{8})$/i;
const BYTE = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const UNIT = '(0(?:\\.\\d+)?|1(?:\\.0+)?|\\.\\d+)';
const RGBA = new RegExp(`^rgba\\(\\s*${BYTE}\\s*,\\s*${BYTE}\\s*,\\s*${BYTE}\\s*,\\s*${UNIT}\\s*\\)$`, 'i');

function byteAt(hex: string, index: number): number {
  return parseInt(hex.slice(index, index + 2), 16);
}

/** Parses a colour string; anything but the accepted forms throws. */
export function parseColour(input: string, options: ParseColourOptions = {}): Colour {
  const text = typeof input === 'string' ? input.trim() : '';
  const hex6 = HEX6.exec(text)?.[1];
  if (hex6) return { r: byteAt(hex6, 0), g: byteAt(hex6, 2), b: byteAt(hex6, 4), a: 1 };
  const hex8 = HEX8.exec(text)?.[1];
  if (hex8) {
    const alphaFirst = (options.hex8Order ?? 'AARRGGBB') === 'AARRGGBB';
    const [alpha, red] = alphaFirst ? [0, 2] : [6, 0];
    return { r: byteAt(hex8, red), g: byteAt(hex8, red + 2), b: byteAt(hex8, red + 4), a: byteAt(hex8, alpha) / 255 };
  }
  const rgba = RGBA.exec(text);
  if (rgba) {
    const [, r = '', g = '', b = '', a = ''] = rgba;
    return { r: Number(r), g: Number(g), b: Number(b), a: Number(a) };
  }
  throw new Error(
    `Invalid colour ${JSON.stringify(input)}: expected #AARRGGBB, #RRGGBB, #RRGGBBAA or rgba(r,g,b,a) ` +
      'with r, g, b from 0 to 255 and a from 0 to 1',
  );
}

/** Checks a colour string and returns it unchanged; throws like parseColour. */
export function assertColour(input: string, options?: ParseColourOptions): string {
  parseColour(input, options);
  return input;
}

/** The CSS text of a colour: #rrggbb when opaque, else rgba(r, g, b, a). */
export function colourToCss(colour: Colour): string {
  if (colour.a === 1) return '#' + [colour.r, colour.g, colour.b].map((v) => v.toString(16).padStart(2, '0')).join('');
  return `rgba(${colour.r}, ${colour.g}, ${colour.b}, ${Number(colour.a.toFixed(3))})`;
}
