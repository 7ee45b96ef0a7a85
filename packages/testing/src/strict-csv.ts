/**
 * Reading an export back as strictly as a spreadsheet program splits it (issue 17, docs/decisions/0026): the server's
 * tests and the browser tests read every CSV the product writes through here.
 */

/**
 * Reads CSV as RFC 4180 says, and as a spreadsheet program splits rows: CRLF between records, a line break or a quote
 * only inside a quoted cell, quotes doubled there, and every record as long as the header. Anything else throws, so a
 * cell with an unquoted line break (which a spreadsheet would cut into two rows) fails the test that reads it.
 */
export function parseStrictCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  let wasQuoted = false;
  const endCell = () => {
    record.push(cell);
    cell = '';
    wasQuoted = false;
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charAt(index);
    if (quoted) {
      if (char === '"' && text.charAt(index + 1) === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') {
        quoted = false;
        const next = text.charAt(index + 1);
        if (next !== ',' && next !== '\r' && next !== '') throw new Error(`text after a closing quote at ${index}`);
      } else cell += char;
    } else if (char === '"') {
      if (cell !== '' || wasQuoted) throw new Error(`a quote inside an unquoted cell at ${index}`);
      quoted = true;
      wasQuoted = true;
    } else if (char === ',') endCell();
    else if (char === '\r' && text.charAt(index + 1) === '\n') {
      endCell();
      records.push(record);
      record = [];
      index += 1;
    } else if (char === '\r' || char === '\n') throw new Error(`a line break outside quotes at ${index}`);
    else cell += char;
  }
  if (quoted) throw new Error('a quoted cell never ends');
  if (cell !== '' || record.length > 0) {
    endCell();
    records.push(record);
  }
  const width = records[0]?.length ?? 0;
  records.forEach((row, at) => {
    if (row.length !== width) throw new Error(`record ${at} has ${row.length} cells, the header ${width}`);
  });
  return records;
}

/** A CSV download's records: the byte order mark checked and taken off, then read strictly. */
export function csvRecordsOf(bytes: Uint8Array): string[][] {
  if (bytes[0] !== 0xef || bytes[1] !== 0xbb || bytes[2] !== 0xbf) throw new Error('no UTF-8 byte order mark');
  return parseStrictCsv(new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(3)));
}

/** A CSV's rows as objects keyed by its header. */
export function rowsByHeader(records: string[][]): Array<Record<string, string>> {
  const [header = [], ...rows] = records;
  return rows.map((row) => Object.fromEntries(header.map((name, index) => [name, row[index] ?? ''])));
}
