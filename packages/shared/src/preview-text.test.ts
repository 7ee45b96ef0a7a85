import { describe, expect, it } from 'vitest';
import { PREVIEW_ELLIPSIS, previewText, storedPreviewText } from './preview-text';

describe('previewText', () => {
  it('leaves a text that fits as it is, without an ellipsis', () => {
    expect(previewText('We need a logo', 14)).toBe('We need a logo');
    expect(previewText('We need a logo', 140)).toBe('We need a logo');
  });

  it('ends a long text on a whole word with an ellipsis, never mid-word', () => {
    expect(previewText('We need a new website for our bakery', 20)).toBe('We need a new…');
    expect(previewText('We need a new website for our bakery', 14)).toBe('We need a new…');
  });

  it('keeps the last word when the cut falls right after it', () => {
    expect(previewText('alpha beta gamma', 11)).toBe('alpha beta…');
  });

  it('drops a separator left at the end before the ellipsis', () => {
    expect(previewText('Ada Obi · Lagos · Wants a brochure', 18)).toBe('Ada Obi · Lagos…');
  });

  it('counts a letter with its combining marks, or an emoji, as one character and never splits one', () => {
    const name = 'O\u0323la\u0301bi\u0301si\u0301'; // Ọlábísí typed with combining marks: 11 code points
    expect(previewText(`${name} 👩🏾‍💻 wants a logo`, 18)).toBe(`${name} 👩🏾‍💻 wants a…`);
    expect(previewText(`${name}${name}`, 10)).toBe(`${name}O\u0323l…`);
  });

  it('cuts a first word longer than the preview, since it has no end to stop at', () => {
    expect(previewText('Supercalifragilisticexpialidocious', 10)).toBe(`Supercali${PREVIEW_ELLIPSIS}`);
  });

  it('never gives more than the limit for generated texts, and always ends on a word of the text', () => {
    const seed = 20261127;
    let state = seed;
    const random = () => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return state / 2 ** 31;
    };
    const words = ['ada', 'obi', 'logo', 'website', 'Ìbàdàn', '😀', 'brochure', 'a', 'printing'];
    for (let run = 0; run < 500; run++) {
      const text = Array.from(
        { length: 1 + Math.floor(random() * 40) },
        () => words[Math.floor(random() * words.length)],
      ).join(' ');
      const max = 10 + Math.floor(random() * 60);
      const preview = previewText(text, max);
      expect(Array.from(new Intl.Segmenter().segment(preview)).length, `seed ${seed}, run ${run}`).toBeLessThanOrEqual(
        max,
      );
      if (preview.endsWith(PREVIEW_ELLIPSIS)) {
        const kept = preview.slice(0, -1).split(' ');
        const all = text.split(' ');
        expect(all.slice(0, kept.length), `seed ${seed}, run ${run}`).toEqual(kept);
      } else expect(preview).toBe(text);
    }
  });
});

describe('storedPreviewText', () => {
  it('ends a preview stored cut mid-word on its last whole word', () => {
    const stored = 'We need a new website for our bak'; // 33 code points: cut there by the old rule
    expect(storedPreviewText(stored, 33)).toBe('We need a new website for our…');
  });

  it('leaves a preview that was never cut, or already ends on a word, as it is', () => {
    expect(storedPreviewText('We need a logo', 140)).toBe('We need a logo');
    expect(storedPreviewText('We need a…', 10)).toBe('We need a…');
  });
});
