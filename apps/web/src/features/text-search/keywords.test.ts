import { describe, expect, it } from 'vitest';
import { keywordsForSearch, previewKeywords, splitKeywords } from './keywords';

describe('splitKeywords: stone ids and certificate numbers from typed or pasted text', () => {
  it('separates on spaces, commas, semicolons and new lines', () => {
    expect(splitKeywords('LD1001, LD1002 LD1003\nLD1004;LD1005\r\n\t2141438171')).toEqual([
      'LD1001',
      'LD1002',
      'LD1003',
      'LD1004',
      'LD1005',
      '2141438171',
    ]);
  });

  it('keeps the first spelling of an id typed twice in any case', () => {
    expect(splitKeywords('ld1001, LD1001,LD1002')).toEqual(['ld1001', 'LD1002']);
  });

  it('answers nothing for blank or separator-only text', () => {
    expect(splitKeywords('')).toEqual([]);
    expect(splitKeywords(' ,, \n ; ')).toEqual([]);
  });

  it('sends the distinct ids comma-separated', () => {
    expect(keywordsForSearch('LD1 LD2\nLD1')).toBe('LD1,LD2');
  });
});

describe('previewKeywords: the line under the dashboard field', () => {
  it('counts the ids and mentions repeats', () => {
    expect(previewKeywords('LD1').message).toBe('1 stone id');
    expect(previewKeywords('LD1 LD2, LD2\nld1').message).toBe('2 stone ids (2 repeated, searched once)');
  });

  it('says nothing for an empty field', () => {
    expect(previewKeywords('  ')).toMatchObject({ count: 0, message: '', tooMany: false });
  });

  it('flags more ids than one search takes', () => {
    const text = Array.from({ length: 501 }, (_, i) => `LD${i}`).join('\n');
    expect(previewKeywords(text)).toMatchObject({
      count: 501,
      tooMany: true,
      message: '501 ids: at most 500 per search',
    });
    expect(previewKeywords('LD1 LD2 LD3', 2).tooMany).toBe(true);
  });
});
