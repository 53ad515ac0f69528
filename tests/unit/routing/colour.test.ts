// Colour validation (docs/product/3-routes-data-calls-constants.md §5).
import { describe, expect, it } from 'vitest';
import { assertColour, colourToCss, parseColour } from '../../../shared/colour.ts';

describe('parseColour', () => {
  it('reads #RRGGBB as opaque', () => {
    expect(parseColour('#1A2b3C')).toEqual({ r: 0x1a, g: 0x2b, b: 0x3c, a: 1 });
  });

  it('reads eight hex digits alpha first by default (#AARRGGBB)', () => {
    expect(parseColour('#80FF0000')).toEqual({ r: 255, g: 0, b: 0, a: 128 / 255 });
    expect(parseColour('#80FF0000', { hex8Order: 'AARRGGBB' })).toEqual({ r: 255, g: 0, b: 0, a: 128 / 255 });
  });

  it('reads eight hex digits alpha last when asked (#RRGGBBAA)', () => {
    expect(parseColour('#FF000080', { hex8Order: 'RRGGBBAA' })).toEqual({ r: 255, g: 0, b: 0, a: 128 / 255 });
    expect(parseColour('#00FF00FF', { hex8Order: 'RRGGBBAA' })).toEqual({ r: 0, g: 255, b: 0, a: 1 });
  });

  it('reads rgba(r,g,b,a) with bytes 0–255 and alpha 0–1', () => {
    expect(parseColour('rgba(0,128,255,0.5)')).toEqual({ r: 0, g: 128, b: 255, a: 0.5 });
    expect(parseColour(' RGBA( 255 , 255 , 255 , 1 ) ')).toEqual({ r: 255, g: 255, b: 255, a: 1 });
    expect(parseColour('rgba(1,2,3,.25)')).toEqual({ r: 1, g: 2, b: 3, a: 0.25 });
    expect(parseColour('rgba(1,2,3,0)')).toEqual({ r: 1, g: 2, b: 3, a: 0 });
  });

  it.each([
    '', 'red', '#fff', '#12345', '#1234567', '#123456789', '#GG0000', '123456',
    'rgba(256,0,0,1)', 'rgba(0,0,0,1.5)', 'rgba(0,0,0)', 'rgb(0,0,0)', 'rgba(-1,0,0,1)', 'rgba(0,0,0,1,1)',
    'rgba(01.5,0,0,1)', 'rgba(0,0,0,0.5) x',
  ])('rejects %j with a clear error', (input) => {
    expect(() => parseColour(input)).toThrow(/^Invalid colour .*expected #AARRGGBB, #RRGGBB, #RRGGBBAA or rgba\(r,g,b,a\)/);
  });
});

describe('assertColour and colourToCss', () => {
  it('returns a valid colour unchanged and throws for an invalid one', () => {
    expect(assertColour('#FFFFFF')).toBe('#FFFFFF');
    expect(() => assertColour('blue')).toThrow('Invalid colour "blue"');
  });

  it('writes CSS', () => {
    expect(colourToCss(parseColour('#1a2b3c'))).toBe('#1a2b3c');
    expect(colourToCss(parseColour('#80FF0000'))).toBe('rgba(255, 0, 0, 0.502)');
  });
});
