import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { csvRecordsOf } from '../test/spreadsheet-files';
import { inOneBatch, neutraliseText, writeCsv, type Cell, type Sheet } from './spreadsheet';

async function csvOf(sheet: Sheet): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeCsv(out, sheet);
  return Buffer.concat(chunks);
}

const sheetOf = (rows: Cell[][]): Sheet => ({
  name: 'Test',
  columns: [{ header: 'Text' }, { header: 'Phone', type: 'phone' }, { header: 'At', type: 'date' }],
  rows: inOneBatch(rows),
});

describe('neutraliseText', () => {
  it('puts an apostrophe before every line a spreadsheet would run as a formula, and leaves others alone', () => {
    for (const text of ['=1+1', '+234 803', '-5', '@SUM(A1)', '\t=cmd', '  =1+1', '\uFF1D1+1']) {
      expect(neutraliseText(text)).toBe(`'${text}`);
    }
    expect(neutraliseText('line one\n=1+1')).toBe("line one\n'=1+1");
    expect(neutraliseText('a\r=1\r\n+2\n@3')).toBe("a\r'=1\r\n'+2\n'@3");
    expect(neutraliseText('\r=cmd')).toBe("\r'=cmd");
    for (const text of ['Ọlábísí', '08031234567', '', "'quoted", 'a=b', 'one\ntwo = three']) {
      expect(neutraliseText(text)).toBe(text);
    }
  });
});

describe('writeCsv', () => {
  it('quotes line breaks, quotes, commas and edge spaces, so a strict reader gets every cell back in one row', async () => {
    const cells = ['line one\nline two', 'bare\rreturn', 'say "hi"', 'a, b', ' lead', 'trail ', 'plain'];
    const bytes = await csvOf(sheetOf(cells.map((text) => [text, '', null])));
    const records = csvRecordsOf(bytes);
    expect(records.slice(1).map(([text]) => text)).toEqual(cells);
    expect(bytes.toString('utf8')).toContain('\r\nplain,,\r\n');
  });

  it('writes a time as Lagos wall-clock text and names the zone in the header', async () => {
    const records = csvRecordsOf(await csvOf(sheetOf([['x', '', new Date('2026-12-31T23:30:00Z')]])));
    expect(records[0]).toEqual(['Text', 'Phone', 'At in Lagos (UTC+1)']);
    expect(records[1]?.[2]).toBe('2027-01-01 00:30');
  });

  it('writes a phone number as typed, but guards a phone cell that is not only a phone number', async () => {
    const phones = ['08031234567', '+234 803 555 1234', '(0803) 555-1234', '=1+1', '-1', '+1 =cmd', ' -1', '+-1'];
    const records = csvRecordsOf(await csvOf(sheetOf(phones.map((phone) => ['', phone, null]))));
    expect(records.slice(1).map((record) => record[1])).toEqual([
      '08031234567',
      '+234 803 555 1234',
      '(0803) 555-1234',
      "'=1+1",
      "'-1",
      "'+1 =cmd",
      "' -1",
      "'+-1",
    ]);
    // The same text in a column that is not a phone column keeps the guard.
    const text = csvRecordsOf(await csvOf(sheetOf([['+234 803 555 1234', '', null]])));
    expect(text[1]?.[0]).toBe("'+234 803 555 1234");
  });
});
