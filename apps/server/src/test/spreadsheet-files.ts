import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import type { Test } from 'supertest';

export { csvRecordsOf, parseStrictCsv, rowsByHeader } from '@agency/testing';

/** A download's status, headers and bytes, however the server streamed it. */
export async function download(
  pending: Test,
): Promise<{ status: number; headers: Record<string, string>; bytes: Buffer }> {
  const response = await pending.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
  return {
    status: response.status,
    headers: response.headers as Record<string, string>,
    bytes: response.body as Buffer,
  };
}

/** Each file of a ZIP by name. */
export function unzip(bytes: Uint8Array): Record<string, Uint8Array> {
  return unzipSync(bytes);
}

/** A workbook read back as a spreadsheet program would open it. */
export async function readWorkbook(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

/** A worksheet's cell under a header, on a row (row 1 is the header). */
export function cellUnder(sheet: ExcelJS.Worksheet, header: string, row: number): ExcelJS.Cell {
  const headers = (sheet.getRow(1).values as unknown[]).map((value) => String(value ?? ''));
  const column = headers.indexOf(header);
  if (column < 1) throw new Error(`no column ${header} in ${headers.join(', ')}`);
  return sheet.getRow(row).getCell(column);
}
