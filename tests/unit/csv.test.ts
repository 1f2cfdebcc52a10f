import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from '../../src/lib/csv';

describe('csvCell', () => {
  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('plain 🎉')).toBe('plain 🎉');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('one\r\ntwo')).toBe('"one\r\ntwo"');
  });

  it('neutralises a cell a spreadsheet would run as a formula', () => {
    expect(['=1+2', '+1', '-1', '@SUM(A1)', '\tx', '\rx'].map(csvCell)).toEqual(["'=1+2", "'+1", "'-1", "'@SUM(A1)", "'\tx", '"\'\rx"']);
    expect(csvCell('=A1,"x"')).toBe('"\'=A1,""x"""');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('writes empty, numbers, lists and objects', () => {
    expect(csvLine([null, undefined, 3, true, ['a', 'b'], { k: 1 }])).toBe(',,3,true,"a, b","{""k"":1}"\r\n');
  });
});
