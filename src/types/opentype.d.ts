// The part of opentype.js (which ships no types) that the preview images use.
declare module 'opentype.js' {
  namespace opentype {
    interface Path {
      toPathData(decimalPlaces?: number): string;
    }
    interface Glyph {
      index: number;
      advanceWidth?: number;
      getPath(x: number, y: number, fontSize: number): Path;
      /** the outline's extent in font units, y pointing up */
      getBoundingBox(): { x1: number; y1: number; x2: number; y2: number };
    }
    interface Font {
      unitsPerEm: number;
      charToGlyph(char: string): Glyph;
      getKerningValue(left: Glyph, right: Glyph): number;
    }
    function parse(buffer: ArrayBuffer): Font;
  }
  export default opentype;
}
