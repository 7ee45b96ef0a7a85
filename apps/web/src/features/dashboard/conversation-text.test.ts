import { describe, expect, it } from 'vitest';
import { blankRuns, splitQuoted } from './conversation-text';

describe('folding a received mail', () => {
  it('keeps their own words and folds Gmail, Outlook, signature and phone footers, never losing a line', () => {
    const cases = [
      ['Yes, Friday.\n\nOn Thu, 26 Nov 2026 at 10:00, Amaka <a@b.ng> wrote:\n> Hello', 'Yes, Friday.'],
      ['Fine.\r\n\r\n-----Original Message-----\r\nFrom: Amaka\r\nHello', 'Fine.'],
      ['Thanks\n-- \nTunde Bakare\nCEO', 'Thanks'],
      ['Ok\n\nSent from my iPhone', 'Ok'],
      ['Nothing quoted here.\nSecond line.', 'Nothing quoted here.\nSecond line.'],
    ] as const;
    for (const [text, own] of cases) {
      const split = splitQuoted(text);
      expect(split.own).toBe(own);
      const kept = `${split.own}\n${split.folded}`.replace(/\s+/g, ' ').trim();
      expect(kept).toBe(text.replace(/\s+/g, ' ').trim());
    }
  });

  it('never folds the first line, even when it starts like a quote', () => {
    expect(splitQuoted('> my answer is yes').own).toBe('> my answer is yes');
  });
});

describe('blanks in a reply', () => {
  it('cuts the text into plain runs and [[blanks]], single brackets left alone', () => {
    expect(blankRuns('Fee: [[fee]] by [date] or [[day]].')).toEqual([
      { text: 'Fee: ', blank: false },
      { text: '[[fee]]', blank: true },
      { text: ' by [date] or ', blank: false },
      { text: '[[day]]', blank: true },
      { text: '.', blank: false },
    ]);
  });
});
